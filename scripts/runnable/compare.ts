/**
 * Compares a response a page shows with the one the server gave.
 *
 * - Every field the page shows must be in the answer, with the same JSON type; fields the page
 *   leaves out are fine (pages shorten answers).
 * - Values must be equal, except values that differ from one instance to the next by nature:
 *   timestamps, UUIDs, ULIDs, secrets and other long hex strings, numeric ids (`id`, `…Id`),
 *   gravatar addresses. Those are held to their kind: a shown UUID must be answered with a
 *   UUID, not a ULID.
 * - A shown array's elements must match elements of the answer in the same order (a shown list
 *   may skip elements); a shown empty array means the answer's is empty too.
 */

type Json = null | boolean | number | string | Json[] | {[key: string]: Json};

const VOLATILE_STRINGS: Array<[kind: string, pattern: RegExp]> = [
  ['timestamp', /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/],
  ['UUID', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i],
  ['ULID', /^[0-9A-HJKMNP-TV-Z]{26}$/],
  // API token and personal access token secrets, and other long hex strings.
  ['secret', /(^|[:.])[0-9a-f]{24,}$/i],
  ['gravatar address', /^https:\/\/gravatar\.com\/avatar\//],
];

/**
 * Parts of a longer string that differ between instances: a token in a link
 * (`…/new-user?token=$2b$10$…`), a secret after a project prefix. Both strings are compared
 * with these parts replaced by their kind.
 */
const VOLATILE_PARTS: Array<[kind: string, pattern: RegExp]> = [
  ['bcrypt hash', /\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}/g],
  ['ULID', /\b[0-9A-HJKMNP-TV-Z]{26}\b/g],
  ['hex token', /\b[0-9a-f]{24,}\b/g],
  ['timestamp', /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g],
];

function masked(text: string): string {
  return VOLATILE_PARTS.reduce((out, [kind, pattern]) => out.replace(pattern, `<${kind}>`), text);
}

/** The kind of a value that differs between instances, or undefined for a stated value. */
export function volatileKind(key: string, value: Json): string | undefined {
  if (typeof value === 'string') return VOLATILE_STRINGS.find(([, pattern]) => pattern.test(value))?.[0];
  if (typeof value === 'number' && (key === 'id' || /[a-z]Id$/.test(key))) return 'numeric id';
  return undefined;
}

function typeOf(value: Json): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function show(value: Json): string {
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** Differences between what the page shows and what the server answered, by JSON path. */
export function compareShown(shown: Json, actual: Json, path = '$', key = ''): string[] {
  const shownType = typeOf(shown);
  const actualType = typeOf(actual);
  if (shownType !== actualType) return [`${path}: the page shows ${shownType} ${show(shown)}, the server answered ${actualType} ${show(actual)}`];
  if (Array.isArray(shown)) return compareArrays(shown, actual as Json[], path);
  if (shown !== null && typeof shown === 'object') {
    const problems: string[] = [];
    const answer = actual as {[key: string]: Json};
    for (const [name, value] of Object.entries(shown)) {
      if (!(name in answer)) problems.push(`${path}.${name}: the page shows it, the server's answer has no such field`);
      else problems.push(...compareShown(value, answer[name]!, `${path}.${name}`, name));
    }
    return problems;
  }
  if (shown === actual) return [];
  if (typeof shown === 'string' && masked(shown) !== shown && masked(shown) === masked(actual as string)) return [];
  const kind = volatileKind(key, shown);
  if (kind === undefined) return [`${path}: the page shows ${show(shown)}, the server answered ${show(actual)}`];
  if (volatileKind(key, actual) !== kind) return [`${path}: the page shows a ${kind} (${show(shown)}), the server answered ${show(actual)}`];
  return [];
}

function compareArrays(shown: Json[], actual: Json[], path: string): string[] {
  if (shown.length === 0) return actual.length === 0 ? [] : [`${path}: the page shows an empty list, the server answered ${actual.length} element(s): ${show(actual)}`];
  let next = 0;
  for (let i = 0; i < shown.length; i += 1) {
    let found = -1;
    for (let j = next; j < actual.length; j += 1) {
      if (compareShown(shown[i]!, actual[j]!, `${path}[${j}]`).length === 0) {
        found = j;
        break;
      }
    }
    if (found < 0) {
      if (next >= actual.length) {
        return [`${path}[${i}]: the page shows ${show(shown[i]!)}, the server's list has no element for it${next > 0 ? ` after [${next - 1}] (shown elements must be in the server's order)` : ''}`];
      }
      // Report against the element in the same place, the likeliest counterpart.
      return [`${path}[${i}]: no element of the server's list from [${next}] on matches; against [${next}]:`, ...compareShown(shown[i]!, actual[next]!, `${path}[${next}]`).map((line) => `  ${line}`)];
    }
    next = found + 1;
  }
  return [];
}
