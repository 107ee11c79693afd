/**
 * The programs on the pages and what the pages say they do.
 *
 * On a page, each code block that belongs to a program carries the fence meta
 * `program="<id>"` (and nothing else changes). programs.yaml, reviewed beside the pages, says
 * for each run:
 *
 *   - the page and the set-up the page tells the reader to do (flags, strategies, variants,
 *     context fields, custom strategies), made through the Admin API of a fresh server;
 *   - each program: how it runs (Node, a browser bundle, a Next.js app), the file each of its
 *     blocks is saved as (in page order; blocks saved as the same file are joined), and any
 *     glue the page leaves to the reader (a root render call, an HTML element it names), kept
 *     short and labelled;
 *   - the steps: what the reader does (change a flag, type, click, load a page) and what the
 *     page says they will see, each with the sentence of the page that says it (`claim`, found
 *     in the page's prose, so a page edit that drops the claim fails here first).
 *
 * JS/TS blocks on the pages the runner covers that are in no program are listed in
 * not-runnable.yaml, each with its reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {parsePage, repoRoot, type CodeBlock, type DocPage} from '../content/pages';

export const PROGRAMS_FILE = path.join(__dirname, 'programs.yaml');
export const NOT_RUNNABLE_FILE = path.join(__dirname, 'not-runnable.yaml');

/** Languages of the blocks that can be program code. */
export const PROGRAM_LANGUAGES = new Set(['js', 'javascript', 'mjs', 'jsx', 'ts', 'typescript', 'tsx', 'vue', 'svelte']);

export interface FlagStrategy {
  /** Built-in or custom strategy name; `flexibleRollout` (the UI's Gradual rollout) when unset. */
  name?: string;
  /** Rollout percentage of a flexibleRollout. */
  rollout?: number;
  stickiness?: string;
  parameters?: Record<string, string>;
  constraints?: Array<{contextName: string; operator: string; values?: string[]; value?: string; inverted?: boolean; caseInsensitive?: boolean}>;
  variants?: Array<{name: string; weight?: number; stickiness?: string; payload?: {type: string; value: string}}>;
}

export interface FlagSetup {
  name: string;
  type?: string;
  impressionData?: boolean;
  /** Environment name -> whether it is on, and its strategies. */
  environments?: Record<string, {enabled?: boolean; strategies?: FlagStrategy[]}>;
}

/** A request to the Admin API, with the runner's personal access token. */
export interface AdminRequest {
  request: string;
  body?: unknown;
}

export interface Setup {
  /** Context fields (POST /api/admin/context bodies). */
  contextFields?: Array<Record<string, unknown>>;
  /** Custom strategy definitions (POST /api/admin/strategies bodies). */
  strategies?: Array<Record<string, unknown>>;
  flags?: FlagSetup[];
  requests?: AdminRequest[];
}

export type ProgramKind = 'node' | 'browser' | 'next';

export interface ProgramSpec {
  kind: ProgramKind;
  /** File names for the program's blocks, in page order; one name for every block when a single string. */
  files: string | string[];
  /** Files the page leaves to the reader, by name. Placeholders are substituted. */
  glue?: Record<string, string>;
  /** Glue put before (prepend) or after (append) the blocks saved as a file: names the page assumes, a call it leaves to the reader. */
  prepend?: Record<string, string>;
  append?: Record<string, string>;
  /** Node: the program serves HTTP on the port in $PORT (glue or page code reads it). */
  port?: boolean;
  /** What is run (node) or bundled (browser); the first file when unset. */
  entry?: string;
  /** Node: the command (default: node, or tsx for TypeScript). */
  command?: string[];
  /** Environment variables (Node and Next.js), or import.meta.env values (browser). Placeholders are substituted. */
  env?: Record<string, string>;
  /** Browser: the page's body markup, when no block or glue file is index.html. */
  html?: string;
  /** Why the glue is needed, when there is glue. */
  why?: string;
}

/** What a step waits for. All are polled until they hold or `within` ends. */
export interface Expectation {
  program: string;
  /** A line the program printed (Node: stdout or stderr; browser: the console) since the previous step; with a list, any one of them. */
  output?: string | string[];
  /** Text shown in the page (browser); with a list, any one of them. */
  text?: string | string[];
  /** With `selector`: keep the element's text under this name once the expectation holds. */
  remember?: string;
  /** With `selector`: the element's text must equal the text kept under this name. */
  equals?: string;
  /** Text that must not be shown once the others hold. */
  notText?: string;
  /** With `text`: the element it must be in. */
  selector?: string;
  /** Output the program must not print during the step. */
  noOutput?: string;
}

export interface Step {
  /** The sentence of the page this step checks or follows. */
  claim?: string;
  /** Limit for the waits of this step in ms (default 15000). */
  within?: number;
  /**
   * An Admin API request (`PUT /api/admin/…`). `{strategy:<flag>:<environment>}` in the path
   * stands for the id of the flag's first strategy there.
   */
  request?: string;
  body?: unknown;
  /** Browser actions. */
  fill?: {program: string; selector: string; value: string};
  click?: {program: string; selector: string};
  reload?: {program: string};
  /**
   * A GET to a program that serves HTTP (Next.js app), as a visitor with their own cookies
   * (`as`), with what the answer must have. `keep`: a pattern whose match must equal the match
   * in this visitor's previous answer. `times`: the same GET that many times. `until`: GET
   * again until the checks hold, within the step's limit.
   */
  get?: {program: string; path: string; status?: number; contains?: string[]; notContains?: string[]; cookie?: string; as?: string; keep?: string; times?: number; until?: boolean; headers?: Record<string, string>};
  /** Lets the requests the counting proxy holds through (see RunSpec.hold). */
  release?: boolean;
  /** Sends a signal to a Node program (SIGTERM, as a process manager does). */
  signal?: {program: string; signal: NodeJS.Signals};
  /** Opens a served program (Next.js app) in Chromium; its console joins the program's output and `text` reads the page. */
  open?: {program: string; path: string};
  /** An Admin API GET polled until its answer has (or lacks) the texts. */
  adminGet?: {path: string; contains?: string[]; notContains?: string[]};
  /** Requests the programs made to Unleash since the previous `requests` step (or the start); `query`: texts every one's query string has. */
  requests?: {path: string; count?: number; minCount?: number; status?: number; ifNoneMatch?: boolean; via?: string; query?: string[]};
  /** Runs a page's shell command in a fresh folder (Next.js CLI). */
  shell?: {command: string; exitCode?: number; stderrContains?: string; files?: string[]; cwd?: string};
  expect?: Expectation[];
}

export interface RunSpec {
  page: string;
  /** What the run shows, for the report. */
  title: string;
  setup?: Setup;
  /** Paths whose requests the counting proxy holds until a `release` step: Unleash answering slowly. */
  hold?: string[];
  /** Server settings for this run's instance. */
  server?: {env?: Record<string, string>};
  programs: Record<string, ProgramSpec>;
  steps: Step[];
}

export interface NotRunnableEntry {
  page: string;
  /** Text found in exactly one code block of the page: how the entry names its block without a line number. */
  block: string;
  reason: keyof typeof NOT_RUNNABLE_REASONS;
  note: string;
}

export const NOT_RUNNABLE_REASONS = {
  'not-on-registry': 'needs a package that is not on the npm registry reachable here',
  'not-installed': 'needs packages the repository does not install (a framework or SDK beyond the pinned Unleash SDKs, React, Vue and Next.js)',
  'other-runtime': 'runs only in another runtime (React Native on a device or emulator)',
  'other-product': 'needs a retired product that is not installed (Unleash Proxy)',
  'third-party': 'needs a third-party service or an external identity provider',
  'server-start': 'starts unleash-server itself with infrastructure the runner does not give it (its own database credentials, port 4242, TLS, SMTP); the runner starts the same package with start()',
  'fixed-port': 'listens on a fixed port (3000) that a test run cannot reserve',
  'test-harness': 'a test for a test library and DOM environment the repository does not install (@testing-library/react with jsdom)',
  'fragment': 'a fragment: it uses names (unleash, user, req, analytics, a client) that the reader\'s program defines; type-checked with the page\'s sample_prelude',
  'illustration': 'illustrates a design (interfaces, a wrapper class) rather than a program with an outcome',
} as const;

export interface ProgramBlock extends CodeBlock {
  program: string;
  file: string;
}

export function loadRuns(file = PROGRAMS_FILE): RunSpec[] {
  const parsed = YAML.parse(fs.readFileSync(file, 'utf8')) as {runs: RunSpec[]};
  return parsed.runs;
}

export function loadNotRunnable(file = NOT_RUNNABLE_FILE): NotRunnableEntry[] {
  const parsed = YAML.parse(fs.readFileSync(file, 'utf8')) as {blocks?: NotRunnableEntry[]} | null;
  return parsed?.blocks ?? [];
}

/** The program ids in a fence's meta: `program="id"`, or several separated by spaces when programs share a block. */
export function programsOf(meta: string): string[] {
  return (/\bprogram=(?:"([^"]+)"|'([^']+)')/.exec(meta)?.slice(1).find(Boolean) ?? '').split(/\s+/).filter(Boolean);
}

const pageCache = new Map<string, DocPage>();
export function page(relative: string): DocPage {
  let parsed = pageCache.get(relative);
  if (!parsed) {
    parsed = parsePage(path.join(repoRoot, relative));
    pageCache.set(relative, parsed);
  }
  return parsed;
}

/** The blocks of one program, in page order, each with the file it is saved as. */
export function programBlocks(run: RunSpec, id: string): ProgramBlock[] {
  const spec = run.programs[id]!;
  const blocks = page(run.page).code.filter((block) => programsOf(block.meta).includes(id));
  const names = typeof spec.files === 'string' ? blocks.map(() => spec.files as string) : spec.files;
  return blocks.map((block, index) => ({...block, program: id, file: names[index] ?? ''}));
}

/** Prose as read: links and UI-label tags reduced to their text, whitespace collapsed. */
const normalise = (text: string) =>
  text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<\/?UiLabel>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const KEYS = {
  run: ['page', 'title', 'setup', 'hold', 'server', 'programs', 'steps'],
  program: ['kind', 'files', 'glue', 'prepend', 'append', 'port', 'entry', 'command', 'env', 'html', 'why'],
  step: ['claim', 'within', 'request', 'body', 'fill', 'click', 'reload', 'signal', 'release', 'get', 'open', 'adminGet', 'requests', 'shell', 'expect'],
  expectation: ['program', 'output', 'text', 'notText', 'selector', 'noOutput', 'remember', 'equals'],
};

function unknownKeys(what: keyof typeof KEYS, value: object, where: string): string[] {
  return Object.keys(value)
    .filter((key) => !KEYS[what].includes(key))
    .map((key) => `${where}: unknown ${what} key "${key}"`);
}

/** Problems with the lists themselves: unknown ids and keys, missing claims, blocks in no program and not listed. */
export function specProblems(runs: RunSpec[], notRunnable: NotRunnableEntry[], coveredPages: string[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const run of runs) {
    const doc = page(run.page);
    const prose = normalise(doc.prose);
    problems.push(...unknownKeys('run', run, run.page));
    for (const [id, spec] of Object.entries(run.programs)) problems.push(...unknownKeys('program', spec, `${run.page}: ${id}`));
    for (const step of run.steps) {
      problems.push(...unknownKeys('step', step, run.page));
      for (const expectation of step.expect ?? []) problems.push(...unknownKeys('expectation', expectation, run.page));
    }
    for (const [id, spec] of Object.entries(run.programs)) {
      if (seen.has(id)) problems.push(`${run.page}: program "${id}" is defined twice`);
      seen.add(id);
      const blocks = programBlocks(run, id);
      if (blocks.length === 0 && spec.kind !== 'next') problems.push(`${run.page}: no block has program="${id}"`);
      if (Array.isArray(spec.files) && spec.files.length !== blocks.length) problems.push(`${run.page}: program "${id}" names ${spec.files.length} files for ${blocks.length} blocks`);
      if ((spec.glue || spec.prepend || spec.append) && !spec.why) problems.push(`${run.page}: program "${id}" has glue without a \`why\``);
    }
    for (const block of doc.code) {
      for (const id of programsOf(block.meta)) if (!runs.some((other) => other.page === run.page && other.programs[id])) problems.push(`${run.page}:${block.line}: program "${id}" is in no run of programs.yaml for this page`);
    }
    for (const step of run.steps) {
      if (step.claim && !prose.includes(normalise(step.claim))) problems.push(`${run.page}: the claim "${step.claim}" is not in the page's prose`);
      for (const expectation of step.expect ?? []) if (!run.programs[expectation.program]) problems.push(`${run.page}: a step expects of unknown program "${expectation.program}"`);
    }
  }
  for (const entry of notRunnable) {
    if (!(entry.reason in NOT_RUNNABLE_REASONS)) problems.push(`not-runnable.yaml: ${entry.page}: unknown reason "${entry.reason}"`);
    if (!entry.note?.trim()) problems.push(`not-runnable.yaml: ${entry.page}: "${entry.block}" has no note`);
    const matches = page(entry.page).code.filter((block) => block.code.includes(entry.block));
    if (matches.length !== 1) problems.push(`not-runnable.yaml: ${entry.page}: "${entry.block}" matches ${matches.length} blocks`);
    else if (programsOf(matches[0]!.meta).length) problems.push(`not-runnable.yaml: ${entry.page}: "${entry.block}" is listed but is part of program "${programsOf(matches[0]!.meta).join(' ')}"`);
  }
  for (const relative of coveredPages) {
    for (const block of page(relative).code) {
      if (!PROGRAM_LANGUAGES.has(block.language.toLowerCase()) || programsOf(block.meta).length) continue;
      const listed = notRunnable.some((entry) => entry.page === relative && block.code.includes(entry.block));
      if (!listed) problems.push(`${relative}:${block.line}: this ${block.language} block is in no program and not in not-runnable.yaml`);
    }
  }
  return problems;
}
