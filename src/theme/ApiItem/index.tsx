/**
 * The API theme's page layout, plus the one Prism grammar only its code samples use
 * (PowerShell). Registering it here, in the lazily loaded API chunk, keeps it out of the
 * bundle every page downloads; it runs before the first API page renders, on the server and
 * in the browser alike, so highlighting matches at hydration.
 */
import {Prism} from 'prism-react-renderer';
import ApiItem from '@theme-original/ApiItem';

declare const require: (id: string) => unknown;

if (!Prism.languages.powershell) {
  // Prism's grammar files register themselves on a global Prism.
  const scope = globalThis as {Prism?: unknown};
  scope.Prism = Prism;
  require('prismjs/components/prism-powershell');
  delete scope.Prism;
}

export default ApiItem;
