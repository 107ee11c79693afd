/** Release versions as tags and registries write them: `v12.2.3`, `6.1.0`, `v2.10.184`, `6.1.0-beta.0`. */

const VERSION = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(-[\w.]+)?$/;

export function versionOf(text: string): [number, number, number, string | undefined] | undefined {
  const match = VERSION.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0), match[4]] : undefined;
}

/** Negative, zero or positive as `a` is older, the same or newer than `b`; a pre-release is older than its release. */
export function compareVersions(a: string, b: string): number {
  const x = versionOf(a);
  const y = versionOf(b);
  if (!x || !y) throw new Error(`not a version: ${!x ? a : b}`);
  for (let i = 0; i < 3; i += 1) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
  if (x[3] === y[3]) return 0;
  return x[3] === undefined ? 1 : y[3] === undefined ? -1 : x[3] < y[3] ? -1 : 1;
}

/** The newest version among names that are releases (pre-releases and other names left out). */
export function newestStable(names: readonly string[]): string | undefined {
  return names
    .map((name) => name.trim())
    .filter((name) => {
      const version = versionOf(name);
      return version !== undefined && version[3] === undefined;
    })
    .sort(compareVersions)
    .at(-1);
}
