/**
 * The content lint: what every page must have (CONTENT.md) and the minimum length of
 * each kind of page. Returns problems as "file: message" strings.
 */
import path from 'node:path';
import {checkedRecordProblems} from './checked';
import {countWords, docsDir, listDocFiles, parsePage, readContractGroups, repoRoot, type DocPage} from './pages';

/** Minimum words of prose per contract group. */
export const MIN_WORDS: Record<string, number> = {
  core: 300,
  index: 150,
  reference: 350,
  sdk: 600,
  integration: 350,
  'edge-proxy': 350,
  'api-legacy': 350,
  'how-to': 350,
  'deploy-troubleshoot': 350,
  topics: 350,
  tutorial: 600,
  academy: 500,
  contributing: 350,
};

/** Long-form articles with a higher bar. */
export const LONG_FORM: Record<string, number> = {
  '/topics/feature-flags/feature-flag-best-practices': 1500,
  '/topics/feature-flags/best-practices-using-feature-flags-at-scale': 1500,
  '/topics/feature-flag-migration/feature-flag-migration-best-practices': 1500,
};

const PLACEHOLDER_WORDS = /\b(TODO|TBD|FIXME|lorem ipsum|coming soon)\b/i;

/**
 * A decision record says the decision, its reasons and its examples and nothing more, so its
 * page is as long as the record it follows, not a fixed length.
 */
export const DECISION_RECORD_MIN_WORDS = 60;

export function minimumWords(page: DocPage, groups: Map<string, string>): number {
  if (LONG_FORM[page.route]) return LONG_FORM[page.route]!;
  if (page.route.startsWith('/contributing/ADRs/') && !page.file.endsWith(`${path.sep}index.md`)) return DECISION_RECORD_MIN_WORDS;
  const group = groups.get(page.route);
  // Landing pages of sections the contract files under another group.
  if (group && group !== 'index' && page.file.endsWith(`${path.sep}index.md`) && !['sdk', 'integration', 'edge-proxy', 'api-legacy', 'tutorial', 'contributing'].includes(group)) {
    return MIN_WORDS.index!;
  }
  return group ? MIN_WORDS[group]! : MIN_WORDS.index!;
}

/** A heading with nothing under it before the next heading of the same or a higher level. */
function emptySections(page: DocPage): string[] {
  const lines = page.body.split('\n');
  const headings: Array<{index: number; level: number; text: string}> = [];
  let inFence = false;
  lines.forEach((line, index) => {
    if (/^\s*(`{3,}|~{3,})/.test(line)) inFence = !inFence;
    const match = inFence ? null : /^(#{2,6})\s+(.+)$/.exec(line);
    if (match) headings.push({index, level: match[1]!.length, text: match[2]!});
  });
  return headings.flatMap((heading, i) => {
    const next = headings[i + 1];
    const hasContent = lines.slice(heading.index + 1, next ? next.index : lines.length).some((line) => line.trim() !== '');
    return hasContent || (next && next.level > heading.level) ? [] : [`empty section "${heading.text}"`];
  });
}

/**
 * `:::info Title`, the older way to title an admonition, is not read on CommonMark (.md) pages:
 * the reader saw ":::info Title" as text on 51 pages. `:::info[Title]` works in both formats.
 */
function spacedAdmonitionTitles(page: DocPage): string[] {
  let inFence = false;
  return page.body.split('\n').flatMap((line) => {
    if (/^\s*(`{3,}|~{3,})/.test(line)) inFence = !inFence;
    const match = inFence ? null : /^:::(\w+) +(\S.*)$/.exec(line);
    return match ? [`admonition title after a space (":::${match[1]} ${match[2]}"): write :::${match[1]}[${match[2]}], the only form CommonMark pages read`] : [];
  });
}

export function lintPage(page: DocPage, groups: Map<string, string>): string[] {
  const problems: string[] = [];
  const {frontMatter} = page;
  if (typeof frontMatter.title !== 'string' || !frontMatter.title.trim()) problems.push('front matter has no title');
  if (typeof frontMatter.description !== 'string' || frontMatter.description.trim().length < 20) problems.push('front matter has no one-sentence description');
  const placeholder = PLACEHOLDER_WORDS.exec(page.body);
  if (placeholder) problems.push(`placeholder text "${placeholder[0]}"`);
  if (/^#\s/m.test(page.prose)) problems.push('repeats the title as an h1 (the front matter title is the h1)');
  for (const block of page.code) {
    if (!block.language) problems.push(`code block at line ${block.line} names no language`);
  }
  problems.push(...emptySections(page));
  problems.push(...spacedAdmonitionTitles(page));
  problems.push(...checkedRecordProblems(page));
  const words = countWords(page.prose);
  const minimum = minimumWords(page, groups);
  if (words < minimum) problems.push(`${words} words of prose, fewer than the ${minimum} this kind of page needs`);
  return problems.map((problem) => `${path.relative(repoRoot, page.file)}: ${problem}`);
}

export function lintDocs(dir = docsDir): string[] {
  const groups = readContractGroups();
  return listDocFiles(dir).flatMap((file) => lintPage(parsePage(file), groups));
}
