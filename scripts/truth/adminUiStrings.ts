/**
 * The strings of the Admin UI that ships inside the pinned `unleash-server` package
 * (`frontend/build/static/*.js`): every label a reader of the Admin UI can see is one of
 * them. Read from the package each time, so bumping the pin re-runs the label check
 * against the new UI.
 */
import fs from 'node:fs';
import path from 'node:path';
import {repoRoot} from '../content/pages';

export const ADMIN_UI_DIR = path.join(repoRoot, 'node_modules/unleash-server/frontend/build/static');

/** The string literals (and template-literal text) of one minified script. */
export function stringLiterals(source: string): string[] {
  const found: string[] = [];
  // Minified output: "…", '…' and `…` literals; escapes are kept simple on purpose, since
  // labels are plain text.
  const literal = /"((?:[^"\\\n]|\\.){1,200})"|'((?:[^'\\\n]|\\.){1,200})'|`((?:[^`\\$]|\\.|\$(?!\{)){1,400})(?:`|\$\{)/g;
  for (const match of source.matchAll(literal)) {
    const raw = match[1] ?? match[2] ?? match[3] ?? '';
    found.push(unescape(raw));
  }
  // Template literals continue after each ${…}: pick up the text between `}` and the next
  // `${` or backtick as well.
  for (const match of source.matchAll(/\}((?:[^`\\$]|\\.){1,200})(?:`|\$\{)/g)) found.push(unescape(match[1]!));
  return found;
}

function unescape(raw: string): string {
  return raw
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\\x([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\\n/g, '\n')
    .replace(/\\(.)/g, '$1');
}

let cache: Set<string> | undefined;

/** Every distinct string of the Admin UI bundle, trimmed. */
export function adminUiStrings(dir = ADMIN_UI_DIR): Set<string> {
  if (cache && dir === ADMIN_UI_DIR) return cache;
  if (!fs.existsSync(dir)) {
    throw new Error(`The Admin UI bundle is missing at ${path.relative(repoRoot, dir)}: run npm ci (unleash-server is a pinned devDependency).`);
  }
  const strings = new Set<string>();
  for (const file of fs.readdirSync(dir)) {
    if (!file.endsWith('.js')) continue;
    for (const value of stringLiterals(fs.readFileSync(path.join(dir, file), 'utf8'))) {
      const trimmed = value.replace(/\s+/g, ' ').trim();
      if (trimmed && /\p{L}/u.test(trimmed)) strings.add(trimmed);
    }
  }
  if (dir === ADMIN_UI_DIR) cache = strings;
  return strings;
}
