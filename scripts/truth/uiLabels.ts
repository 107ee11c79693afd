/**
 * The Admin UI label check. A page names what the reader clicks or looks for in the Admin UI
 * as <UiLabel>…</UiLabel>; each such label must be a string of the Admin UI that ships in
 * the pinned unleash-server. Labels of other programs carry `app="…"` and are not checked.
 * In finished sections, a bold phrase right after "click", "select" and the like is taken for
 * an unmarked label and reported, so a label cannot dodge the check by being written in bold.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {inFinishedSection} from '../content/checked';
import {listDocFiles, parsePage, repoRoot, type DocPage} from '../content/pages';
import {adminUiStrings} from './adminUiStrings';
import {nearestStrings} from './nearest';

export const EXCEPTIONS_FILE = path.join(repoRoot, 'scripts/truth/ui-label-exceptions.yaml');

export interface UiLabelUse {
  label: string;
  app?: string;
  line: number;
}

export interface LabelException {
  page: string;
  label: string;
  reason: string;
}

/** Lines of the body that are prose (fenced code is blanked, so line numbers hold). */
function proseLines(page: DocPage): string[] {
  let fence: string | undefined;
  return page.body.split('\n').map((line) => {
    const open = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (open && line.trim().startsWith(fence)) fence = undefined;
      return '';
    }
    if (open) {
      fence = open[1];
      return '';
    }
    return line;
  });
}

function bodyStartLine(page: DocPage): number {
  const source = fs.readFileSync(page.file, 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(source);
  return match ? match[0].split('\n').length - 1 : 0;
}

export function uiLabelUses(page: DocPage, offset = 0): UiLabelUse[] {
  const uses: UiLabelUse[] = [];
  proseLines(page).forEach((line, index) => {
    for (const match of line.matchAll(/<UiLabel(?:\s+app="([^"]*)")?\s*>([\s\S]*?)<\/UiLabel>/g)) {
      uses.push({label: normalise(match[2]!), app: match[1], line: offset + index + 1});
    }
  });
  return uses;
}

const VERB = String.raw`\b(?:click|clicking|select|selecting|choose|open|go to|navigate to|press|tap|toggle)\s+(?:on\s+)?(?:the\s+|its\s+)?`;
/** A bold or quoted phrase right after an action verb: how an unmarked label looks. */
const ACTION = new RegExp(String.raw`${VERB}(?:\*\*([^*]+)\*\*|"([^"\n]{2,60})")`, 'gi');

/** Bold phrases that follow an action verb: labels written without UiLabel. */
export function unmarkedLabels(page: DocPage, offset = 0): UiLabelUse[] {
  const found: UiLabelUse[] = [];
  proseLines(page).forEach((line, index) => {
    // Inline code is a name, not a label ("select `IN`"); it is left out before matching.
    for (const match of line.replace(/`[^`]*`/g, '``').matchAll(ACTION)) found.push({label: normalise(match[1] ?? match[2]!), line: offset + index + 1});
  });
  return found;
}

function normalise(label: string): string {
  return label.replace(/\s+/g, ' ').trim();
}

export function readExceptions(file = EXCEPTIONS_FILE): LabelException[] {
  if (!fs.existsSync(file)) return [];
  const parsed = (YAML.parse(fs.readFileSync(file, 'utf8')) as LabelException[] | null) ?? [];
  for (const entry of parsed) {
    if (!entry.page || !entry.label || !entry.reason || entry.reason.trim().length < 10) {
      throw new Error(`${path.relative(repoRoot, file)}: every exception needs page, label and a reason of a few words (${JSON.stringify(entry)})`);
    }
  }
  return parsed;
}

export interface LabelReport {
  checked: number;
  otherPrograms: number;
  excepted: number;
  problems: string[];
}

export function checkUiLabels(files = listDocFiles(), strings = adminUiStrings(), exceptions = readExceptions()): LabelReport {
  const report: LabelReport = {checked: 0, otherPrograms: 0, excepted: 0, problems: []};
  const used = new Set<LabelException>();
  for (const file of files) {
    const page = parsePage(file);
    const where = path.relative(repoRoot, file);
    const offset = bodyStartLine(page);
    for (const use of uiLabelUses(page, offset)) {
      if (use.app !== undefined) {
        if (!use.app.trim()) report.problems.push(`${where}:${use.line}: <UiLabel app=""> names no program`);
        report.otherPrograms += 1;
        continue;
      }
      report.checked += 1;
      if (strings.has(use.label)) continue;
      const exception = exceptions.find((entry) => entry.page === page.route && entry.label === use.label);
      if (exception) {
        used.add(exception);
        report.excepted += 1;
        continue;
      }
      report.problems.push(`${where}:${use.line}: the Admin UI of unleash-server has no label "${use.label}"; nearest: ${nearestStrings(use.label, strings).map((s) => `"${s}"`).join(', ')}`);
    }
    if (inFinishedSection(page.route)) {
      for (const use of unmarkedLabels(page, offset)) {
        report.problems.push(`${where}:${use.line}: "${use.label}" is named in bold or quotes after an action; write it as <UiLabel>${use.label}</UiLabel> (or <UiLabel app="…"> for another program's screen)`);
      }
    }
  }
  for (const exception of exceptions) {
    if (!used.has(exception)) report.problems.push(`${path.relative(repoRoot, EXCEPTIONS_FILE)}: stale exception "${exception.label}" on ${exception.page} (the page no longer uses it, or the Admin UI now has it)`);
  }
  return report;
}
