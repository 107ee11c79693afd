/**
 * The two reviewed lists beside the runner:
 *
 * - setup.yaml: per page, what the reader is told to have done before the page's samples
 *   (create a flag in the UI, have a project), declared as requests; values the reader copies
 *   from an earlier answer; environment variables the page tells them to export.
 * - not-runnable.yaml: samples that cannot run here, each with its reason. They get the syntax
 *   check only (the curl words parse, the JSON body parses).
 *
 * Both are validated here, so a typo in a list fails the test rather than skipping a sample.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {repoRoot} from '../content/pages';

export const SETUP_FILE = path.join(__dirname, 'setup.yaml');
export const NOT_RUNNABLE_FILE = path.join(__dirname, 'not-runnable.yaml');

/** A request made before the page's samples, with the runner's personal access token unless `as` names another credential. */
export interface SetupRequest {
  request: string;
  body?: unknown;
  as?: string;
}

/**
 * A project other than `default`. The open-source edition has no route to create one (Pro and
 * Enterprise do), so the runner creates it through the server's own project service.
 */
export interface SetupProject {
  project: {id: string; name: string; description?: string};
}

/**
 * `{settle: true}`: what the server's scheduler does within two minutes, now (host.mjs, settle),
 * for set-ups in which time passes between steps, such as an SDK that reported long before.
 */
export interface SetupSettle {
  settle: true;
}

export type SetupStep = SetupRequest | SetupProject | SetupSettle;

/** A value the reader takes from an answer: the runner asks the server when a block needs it. */
export interface CopiedValue {
  request: string;
  /** Dot path into the JSON answer: `features.0.name`. */
  pick: string;
  as?: string;
}

export interface PageSetup {
  /** Why the page needs it, in the page's words: where it tells the reader to do this. */
  why: string;
  steps: SetupStep[];
  /** Placeholder -> a literal, `{credential: name}`, or a value copied from an answer. */
  placeholders: Record<string, string | {credential: string} | CopiedValue>;
  /** Variables the page tells the reader to set in their shell. Values may use placeholders. */
  shell: Record<string, string>;
  /** Settings for this page's server instance. */
  server: {env?: Record<string, string>};
}

export const NOT_RUNNABLE_REASONS = {
  'paid-edition': 'needs a Pro or Enterprise feature the open-source server does not have',
  'identity-provider': 'needs an identity provider (SSO, SCIM)',
  'third-party': 'talks to a third-party service',
  'other-program': 'talks to another program (Unleash Edge, the Unleash Proxy, the reader’s own app)',
  'older-version': 'is written for an Unleash version before 8.2.0, which no longer serves it',
} as const;

export type NotRunnableReason = keyof typeof NOT_RUNNABLE_REASONS;

export interface NotRunnable {
  page: string;
  /** Text of the block (part of a line of it); without it, every request block on the page. */
  match?: string;
  reason: NotRunnableReason;
  note: string;
  /**
   * For `older-version`: the status unleash-server 8.2.0 answers, as the page says. These
   * samples still run, and every call must get this status; the shown response (the old
   * version's) is not compared.
   */
  answers?: number;
}

function fail(file: string, message: string): never {
  throw new Error(`${path.relative(repoRoot, file)}: ${message}`);
}

export function parseSetup(text: string, file = SETUP_FILE): Map<string, PageSetup> {
  const data = (YAML.parse(text) ?? {}) as {pages?: Record<string, Record<string, unknown>>};
  const pages = new Map<string, PageSetup>();
  for (const [page, raw] of Object.entries(data.pages ?? {})) {
    const known = ['why', 'steps', 'placeholders', 'shell', 'server'];
    for (const key of Object.keys(raw)) if (!known.includes(key)) fail(file, `${page}: unknown key "${key}" (${known.join(', ')})`);
    if (typeof raw.why !== 'string' || raw.why.trim().split(/\s+/).length < 4) fail(file, `${page}: needs a \`why\` of a few words`);
    const steps = (raw.steps ?? []) as SetupStep[];
    for (const step of steps) {
      if ('request' in step) {
        if (!/^(GET|POST|PUT|PATCH|DELETE) \/\S*$/.test(step.request)) fail(file, `${page}: step request "${step.request}" is not "<METHOD> /path"`);
      } else if ('settle' in step) {
        if (step.settle !== true) fail(file, `${page}: settle: true is the only settle step`);
      } else if (!('project' in step) || typeof step.project?.id !== 'string') {
        fail(file, `${page}: a step is {request, body?, as?}, {project: {id, name}} or {settle: true}`);
      }
    }
    pages.set(page, {
      why: raw.why,
      steps,
      placeholders: (raw.placeholders ?? {}) as PageSetup['placeholders'],
      shell: (raw.shell ?? {}) as Record<string, string>,
      server: (raw.server ?? {}) as PageSetup['server'],
    });
  }
  return pages;
}

export function parseNotRunnable(text: string, file = NOT_RUNNABLE_FILE): NotRunnable[] {
  const data = (YAML.parse(text) ?? {}) as {samples?: NotRunnable[]};
  const entries = data.samples ?? [];
  for (const entry of entries) {
    if (typeof entry.page !== 'string') fail(file, 'every entry needs a `page`');
    if (!(entry.reason in NOT_RUNNABLE_REASONS)) fail(file, `${entry.page}: reason "${entry.reason}" is not one of ${Object.keys(NOT_RUNNABLE_REASONS).join(', ')}`);
    if (typeof entry.note !== 'string' || entry.note.trim().split(/\s+/).length < 4) fail(file, `${entry.page}: needs a \`note\` of a few words saying why`);
    if ((entry.reason === 'older-version') !== (typeof entry.answers === 'number')) fail(file, `${entry.page}: \`answers\` (the status 8.2.0 gives) goes with reason older-version, and only with it`);
  }
  return entries;
}

export function loadSetup(): Map<string, PageSetup> {
  return parseSetup(fs.readFileSync(SETUP_FILE, 'utf8'));
}

export function loadNotRunnable(): NotRunnable[] {
  return parseNotRunnable(fs.readFileSync(NOT_RUNNABLE_FILE, 'utf8'));
}
