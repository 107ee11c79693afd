/**
 * The purge runs while the bundler writes the stylesheets, before any page exists, so it reads
 * the scripts and the safelist only. Once the pages are built, this check runs PurgeCSS again
 * on the full stylesheets with the pages' elements added: a selector the pages would have kept
 * that the build removed is a class the scripts compose at run time (`badge--${colour}`) or an
 * attribute value they never spell out, and the reader would see the page unstyled. The build
 * stops with the selectors and a page that uses each, so the safelist gets its entry.
 */
import type {ExtractorResultDetailed} from 'purgecss';
import {purgeStylesheets, type CssSafelistEntry} from './purge';

/** One stylesheet as the build purged it. */
export interface PurgeRecord {
  /** Path under the build folder, e.g. `assets/css/styles.1a2b3c4d.css`. */
  file: string;
  unpurged: string;
  /** Selectors the build removed. */
  rejected: readonly string[];
}

export interface LostSelectors {
  file: string;
  selectors: string[];
}

/** Selectors the build removed that the pages' own elements would keep, per stylesheet that lost any. */
export async function selectorsThePagesLose(
  records: readonly PurgeRecord[],
  content: {scripts: readonly string[]; pages: ExtractorResultDetailed},
  safelist: readonly CssSafelistEntry[],
): Promise<LostSelectors[]> {
  const withPages = await purgeStylesheets(records.map((record) => ({name: record.file, css: record.unpurged})), content, safelist);
  return records
    .map((record, index) => {
      const rejectedWithPages = new Set(withPages[index]!.rejected);
      return {file: record.file, selectors: record.rejected.filter((selector) => !rejectedWithPages.has(selector))};
    })
    .filter((lost) => lost.selectors.length > 0);
}

/** The first class or id a selector names, to find a page that uses it. */
export function firstName(selector: string): string | undefined {
  return /[.#]([A-Za-z_-][A-Za-z0-9_-]*)/.exec(selector)?.[1];
}
