/**
 * The Prism grammars code highlighted in the browser by the explorer needs: the site's extra
 * grammars (bash for cURL, Ruby, PHP, C#, Java), which pages no longer load (they are
 * highlighted at build time, plugins/code-highlight), and PowerShell. Imported by the
 * explorer's chunks only.
 */
import {Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';

declare const require: (id: string) => unknown;

prismIncludeLanguages(Prism);
if (!Prism.languages.powershell) {
  // Prism's grammar files register themselves on a global Prism.
  const scope = globalThis as {Prism?: unknown};
  scope.Prism = Prism;
  require('prismjs/components/prism-powershell');
  delete scope.Prism;
}
