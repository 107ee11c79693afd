/**
 * Code blocks arrive highlighted from the build (rehype.ts, registered with the docs in
 * config/docs.ts), so the browser needs no highlighter: this plugin adds the colours of both
 * themes as CSS (highlight.ts) and takes the theme's Prism set-up out of the bundle every page
 * runs. theme-classic registers `prism-include-languages` as a client module, which loads
 * prism-react-renderer and the extra grammars into main.js (about 40 KB gzip) for every page;
 * it is replaced with an empty module. The few places that still highlight in the browser
 * (code given to <CodeBlock> at run time, the API explorer's samples) load Prism and the
 * grammars in their own lazy chunks (src/theme/CodeBlock/Runtime, src/theme/ApiExplorer).
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {CodeHighlighter} from './highlight';

/** The client module theme-classic registers to set Prism up in the browser. */
export function prismClientModule(): string {
  const themeClassic = path.dirname(require.resolve('@docusaurus/theme-classic'));
  return path.join(themeClassic, 'prism-include-languages');
}

export default function codeHighlightPlugin(highlighter: () => CodeHighlighter) {
  return (context: LoadContext): Plugin => codeHighlightPluginFor(context, highlighter);
}

function codeHighlightPluginFor(context: LoadContext, highlighter: () => CodeHighlighter): Plugin {
  const cssFile = path.join(context.generatedFilesDir, 'code-highlight', 'themes.css');
  return {
    name: 'code-highlight',
    getClientModules() {
      fs.mkdirSync(path.dirname(cssFile), {recursive: true});
      fs.writeFileSync(cssFile, highlighter().themeCss());
      return [cssFile];
    },
    configureWebpack() {
      return {
        resolve: {alias: {[`${prismClientModule()}$`]: path.join(__dirname, 'empty.js')}},
      };
    },
  };
}
