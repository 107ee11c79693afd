/** Number formats shared by the report and the budgets, so a figure reads the same everywhere. */

/** KB = 1024 bytes, as bench:search has always counted. */
export const kb = (bytes: number, digits = 1) => `${(bytes / 1024).toFixed(digits)} KB`;

export const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

export const gib = (bytes: number) => `${(bytes / 2 ** 30).toFixed(1)} GiB`;

/** "4 min 07 s" — rounded to the second before splitting, so never "1 min 60 s". */
export function duration(seconds: number): string {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return minutes === 0 ? `${rest} s` : `${minutes} min ${String(rest).padStart(2, '0')} s`;
}

export const ms = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value).toLocaleString('en-US')} ms`);
