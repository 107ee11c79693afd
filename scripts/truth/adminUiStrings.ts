/**
 * The strings of the Admin UI that ships inside the pinned `unleash-server` package
 * (`frontend/build/static/*.js`): every label a reader of the Admin UI can see is one of
 * them. Read from the package each time, so bumping the pin re-runs the label check
 * against the new UI.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {repoRoot} from '../content/pages';

export const ADMIN_UI_DIR = path.join(repoRoot, 'node_modules/unleash-server/frontend/build/static');

/**
 * The string literals and template-literal text of one script. Parsed with the TypeScript
 * parser rather than scanned with patterns: in minified code a quote inside another literal or
 * a regular expression throws a pattern scan out of step and hides real labels.
 */
export function stringLiterals(source: string): string[] {
  const found: string[] = [];
  const file = ts.createSourceFile('bundle.js', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) || ts.isJsxText(node)) {
      found.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
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
