/**
 * The API theme's explorer with the Prism grammars its code samples need: the site's extra
 * grammars (bash for cURL, Ruby, PHP, C#, Java), which pages no longer load (they are
 * highlighted at build time, plugins/code-highlight), and PowerShell. Part of the explorer's
 * lazy chunk.
 */
import {Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import ApiExplorer from '@theme-original/ApiExplorer';

declare const require: (id: string) => unknown;

prismIncludeLanguages(Prism);
if (!Prism.languages.powershell) {
  // Prism's grammar files register themselves on a global Prism.
  const scope = globalThis as {Prism?: unknown};
  scope.Prism = Prism;
  require('prismjs/components/prism-powershell');
  delete scope.Prism;
}

export default ApiExplorer;
