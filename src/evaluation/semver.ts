/** Semantic versions (semver.org 2.0.0): parsing and precedence, build metadata ignored. */

export interface SemVer {
  major: number;
  minor: number;
  patch: number;
  prerelease: Array<string | number>;
}

const NUMERIC = '0|[1-9]\\d*';
const PRE_ID = `(?:${NUMERIC}|\\d*[a-zA-Z-][a-zA-Z0-9-]*)`;
const SEMVER = new RegExp(`^(${NUMERIC})\\.(${NUMERIC})\\.(${NUMERIC})(?:-(${PRE_ID}(?:\\.${PRE_ID})*))?(?:\\+([0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*))?$`);

/** A strict semantic version, or undefined. `allowV` accepts one leading "v" (the Node.js semver package does). */
export function parseSemver(text: string, allowV = false): SemVer | undefined {
  const source = allowV && text.startsWith('v') ? text.slice(1) : text;
  const match = SEMVER.exec(source);
  if (!match) return undefined;
  const numbers = [match[1], match[2], match[3]].map(Number);
  if (numbers.some((n) => !Number.isSafeInteger(n))) return undefined;
  const prerelease = match[4] ? match[4].split('.').map((id) => (/^\d+$/.test(id) ? Number(id) : id)) : [];
  return {major: numbers[0]!, minor: numbers[1]!, patch: numbers[2]!, prerelease};
}

function compareIdentifiers(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a === b ? 0 : a < b ? -1 : 1;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a === b ? 0 : a < b ? -1 : 1;
}

/** Precedence: negative when a < b, 0 when equal, positive when a > b. */
export function compareSemver(a: SemVer, b: SemVer): number {
  for (const key of ['major', 'minor', 'patch'] as const) {
    if (a[key] !== b[key]) return a[key] < b[key] ? -1 : 1;
  }
  if (a.prerelease.length === 0 || b.prerelease.length === 0) {
    return a.prerelease.length === b.prerelease.length ? 0 : a.prerelease.length === 0 ? 1 : -1;
  }
  for (let i = 0; i < Math.max(a.prerelease.length, b.prerelease.length); i += 1) {
    const x = a.prerelease[i];
    const y = b.prerelease[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const order = compareIdentifiers(x, y);
    if (order !== 0) return order;
  }
  return 0;
}
