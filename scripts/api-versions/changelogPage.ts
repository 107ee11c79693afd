/**
 * Writes the API changelog, computed at build time from the descriptions the real servers
 * served (openapi/versions/ and openapi/server/openapi.json): a page at CHANGELOG_ROUTE (its
 * Markdown is generated into docs/, never committed) and the same data as JSON, published
 * beside the downloadable description at CHANGELOG_JSON_ROUTE.
 */
import fs from 'node:fs';
import path from 'node:path';
import kebabCase from 'lodash/kebabCase';
import {docsDir, repoRoot} from '../content/pages';
import {compareDescriptions, operationCount, type OperationRef, type Step} from './changelog';
import {readDescription, recordedServers} from './servers';

export const CHANGELOG_ROUTE = '/reference/api/changelog';
export const CHANGELOG_FILE = path.join(docsDir, 'reference/api/changelog.md');
export const CHANGELOG_JSON_ROUTE = '/reference/api/unleash/changelog.json';
export const CHANGELOG_JSON = path.join(repoRoot, '.docusaurus/openapi/changelog.json');

/** The route of an operation's page in the reference of a major version, if that reference has one. */
export type PageOf = (major: number, operationId: string | undefined) => string | undefined;

export interface Changelog {
  versions: {version: string; operations: number}[];
  /** Newest step first. */
  steps: (Step & {links: Record<string, string>})[];
}

const keyOf = (op: OperationRef) => `${op.method} ${op.path}`;

export function computeChangelog(pageOf: PageOf): Changelog {
  const servers = recordedServers();
  const described = servers.map((server) => ({server, document: readDescription(server)}));
  const steps: Changelog['steps'] = [];
  for (let i = 1; i < described.length; i += 1) {
    const older = described[i - 1]!;
    const newer = described[i]!;
    const step = compareDescriptions({version: older.server.version, document: older.document}, {version: newer.server.version, document: newer.document});
    // Added and changed operations link to the newer reference (or, where that major has no
    // reference of its own, to the nearest later one that still has the page); removed ones
    // only to the older major's reference, since no later one describes them.
    const links: Record<string, string> = {};
    const link = (op: OperationRef, majors: number[]) => {
      for (const major of majors) {
        const route = pageOf(major, op.operationId);
        if (route) return (links[keyOf(op)] = route);
      }
      return undefined;
    };
    const newerAndLater = servers.filter((s) => s.major >= newer.server.major).map((s) => s.major);
    step.added.forEach((op) => link(op, newerAndLater));
    step.changed.forEach((entry) => link(entry.operation, newerAndLater));
    step.removed.forEach((op) => link(op, [older.server.major]));
    steps.unshift({...step, links});
  }
  return {versions: described.map(({server, document}) => ({version: server.version, operations: operationCount(document)})), steps};
}

/** Operation pages as the API docs plugin names them: the kebab-case operationId under the reference's base route. */
export function generatedPageOf(references: Record<number, {baseRoute: string; dir: string}>): PageOf {
  return (major, operationId) => {
    const reference = references[major];
    if (!reference || !operationId) return undefined;
    const slug = kebabCase(operationId);
    return fs.existsSync(path.join(reference.dir, `${slug}.api.mdx`)) ? `${reference.baseRoute}/${slug}` : undefined;
  };
}

const code = (op: OperationRef) => `\`${op.method} ${op.path}\``;

function item(op: OperationRef, links: Record<string, string>): string {
  const route = links[keyOf(op)];
  return route ? `[${code(op)}](${route})` : code(op);
}

export function renderChangelog(changelog: Changelog): string {
  const lines: string[] = [
    '---',
    'title: API changelog',
    'sidebar_label: API changelog',
    'description: Every HTTP API operation added, removed or changed between the newest releases of Unleash 5, 6, 7 and 8, computed from what each server serves.',
    'keywords: [api changelog, breaking changes, upgrade, openapi, deprecated endpoints]',
    'custom_edit_url: null',
    '---',
    '',
    'This page lists, for each step between the newest release of one major version of Unleash and the next, every operation of the HTTP API that was added, removed or changed. It is for anyone upgrading a self-hosted instance, or keeping a script, integration or SDK working across versions.',
    '',
    'Nothing here is written by hand: each release below was started against an empty database and the OpenAPI description it served was saved (the tests check that the saved descriptions are still what those servers serve), and the site build compares them operation by operation. An operation is matched across versions by its method and path; a change is one of its parameters, its request body and required fields, its response codes, the top-level properties of its successful responses, its deprecation, or its `operationId`. The same data is published as JSON at [`changelog.json`](pathname://' + CHANGELOG_JSON_ROUTE + ').',
    '',
    '| release | operations served |',
    '| --- | --- |',
    ...changelog.versions.map((v) => `| ${v.version} | ${v.operations} |`),
    '',
    '| step | added | removed | changed |',
    '| --- | --- | --- | --- |',
    ...changelog.steps.map((s) => `| [${s.from} → ${s.to}](#${anchor(s)}) | ${s.added.length} | ${s.removed.length} | ${s.changed.length} |`),
    '',
  ];
  for (const step of changelog.steps) {
    lines.push(`## ${step.from} to ${step.to} {#${anchor(step)}}`, '');
    lines.push(`${step.added.length} added, ${step.removed.length} removed, ${step.changed.length} changed.`, '');
    if (step.added.length) lines.push(`### Added in ${step.to}`, '', ...step.added.map((op) => `- ${item(op, step.links)}`), '');
    if (step.removed.length) lines.push(`### Removed in ${step.to}`, '', ...step.removed.map((op) => `- ${item(op, step.links)}`), '');
    if (step.changed.length) {
      lines.push(`### Changed in ${step.to}`, '');
      for (const entry of step.changed) {
        lines.push(`- ${item(entry.operation, step.links)}`);
        for (const change of entry.changes) lines.push(`  - ${change.detail}`);
      }
      lines.push('');
    }
  }
  lines.push('## Related', '', '- [API reference](/reference/api/unleash)', '- [Upgrading Unleash](/using-unleash/deploy/upgrading-unleash)', '');
  return lines.join('\n');
}

function anchor(step: Step): string {
  return `from-${step.from}-to-${step.to}`.replace(/\./g, '-');
}

/** Writes the page and the JSON; returns the changelog for the caller's log line. */
export function writeChangelog(pageOf: PageOf): Changelog {
  const changelog = computeChangelog(pageOf);
  fs.mkdirSync(path.dirname(CHANGELOG_FILE), {recursive: true});
  fs.writeFileSync(CHANGELOG_FILE, renderChangelog(changelog));
  fs.mkdirSync(path.dirname(CHANGELOG_JSON), {recursive: true});
  fs.writeFileSync(CHANGELOG_JSON, `${JSON.stringify(changelog, null, 2)}\n`);
  return changelog;
}
