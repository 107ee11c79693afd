/**
 * The pages whose JavaScript/TypeScript (and Vue, Svelte) blocks the runner answers for: every
 * hand-written page with such a block, except the architecture decision records under
 * /contributing, whose snippets illustrate conventions of Unleash's own code base. Each of these
 * blocks is part of a program in programs.yaml or listed in not-runnable.yaml with its reason.
 */
import path from 'node:path';
import {listDocFiles, parsePage, repoRoot} from '../content/pages';
import {PROGRAM_LANGUAGES} from './spec';

export const COVERED_PAGES: string[] = listDocFiles()
  .map((file) => parsePage(file))
  .filter((page) => !page.route.startsWith('/contributing') && page.code.some((block) => PROGRAM_LANGUAGES.has(block.language.toLowerCase())))
  .map((page) => path.relative(repoRoot, page.file));
