/**
 * Inline styles the site's scripts render themselves, with a text fixed in the bundle: React
 * creating a `<style>` element whose only child is a string constant (DocSearch's "Search by
 * Algolia" logo carries one). The policy allows such a text by its hash like a style in the
 * HTML; a style built at run time from changing values cannot be hashed and shows up as a
 * violation in the browser tests instead.
 */
import fs from 'node:fs';
import path from 'node:path';

/** `createElement("style", null|{…}, "text")` and the JSX runtime's `("style", {children: "text"})`. */
const CONSTANT_STYLE = /createElement\(\s*"style"\s*,\s*(?:null|\{[^{}]*\})\s*,\s*("(?:[^"\\]|\\.)*")\s*\)|\(\s*"style"\s*,\s*\{(?:[^{}]*?,)?children\s*:\s*("(?:[^"\\]|\\.)*")\s*[,}]/g;

/** The constant style texts in one script's source. */
export function constantStyles(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(CONSTANT_STYLE)) {
    const literal = match[1] ?? match[2]!;
    try {
      found.push(JSON.parse(literal) as string);
    } catch {
      // An escape JSON does not know (\x41, \'): leave it; the browser tests would show it.
    }
  }
  return found;
}

/** The constant style texts of every script under the build's assets/js/. */
export function bundleStyles(outDir: string): string[] {
  const dir = path.join(outDir, 'assets', 'js');
  if (!fs.existsSync(dir)) return [];
  const styles = new Set<string>();
  for (const file of fs.readdirSync(dir)) {
    if (!file.endsWith('.js')) continue;
    for (const style of constantStyles(fs.readFileSync(path.join(dir, file), 'utf8'))) styles.add(style);
  }
  return [...styles];
}
