/**
 * Keeps the docs metadata that every docs page downloads small: see loader.cjs.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** Props modules of any docs plugin instance, on any OS path separator. */
export const DOCS_PROPS_MODULE = /[\\/]docusaurus-plugin-content-docs[\\/][^\\/]+[\\/]p[\\/][^\\/]+\.json$/;

export default function leanDocsPropsPlugin(): Plugin {
  return {
    name: 'lean-docs-props',
    configureWebpack() {
      return {
        module: {
          rules: [{test: DOCS_PROPS_MODULE, use: [{loader: path.join(__dirname, 'loader.cjs')}]}],
        },
      };
    },
  };
}
