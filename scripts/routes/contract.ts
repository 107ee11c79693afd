/**
 * The route contract (contract/routes.txt, contract/redirects.json) checked against a
 * production build folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import {redirectsTo} from '../../config/redirects';

export interface ContractRoute {
  group: string;
  route: string;
}

export function readRoutes(file: string): ContractRoute[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [group, route] = line.split('\t').map((part) => part.trim());
      if (!group || !route?.startsWith('/')) throw new Error(`Malformed line in ${file}: ${JSON.stringify(line)}`);
      return {group, route};
    });
}

/** The HTML file a static host serves for a route when trailingSlash is false. */
export function htmlFileFor(buildDir: string, route: string): string {
  return route === '/' ? path.join(buildDir, 'index.html') : path.join(buildDir, `${decodeURI(route).slice(1)}.html`);
}

export function pageExists(buildDir: string, route: string): boolean {
  return fs.existsSync(htmlFileFor(buildDir, route));
}

/**
 * The target of the client-redirect page for `from`, or undefined when there is none. The
 * redirect plugin writes `<from>/index.html`, which static hosts serve for `<from>`.
 */
export function redirectTarget(buildDir: string, from: string): string | undefined {
  const file = [htmlFileFor(buildDir, from), path.join(buildDir, decodeURI(from).slice(1), 'index.html')].find((candidate) => fs.existsSync(candidate));
  if (!file) return undefined;
  const match = /<meta http-equiv="refresh" content="0; url=([^"]+)"/.exec(fs.readFileSync(file, 'utf8'));
  return match ? new URL(match[1]!, 'http://site.invalid').pathname : undefined;
}

export interface GroupCoverage {
  group: string;
  total: number;
  present: number;
  missing: string[];
}

export function coverageByGroup(routes: ContractRoute[], buildDir: string): GroupCoverage[] {
  const groups = new Map<string, GroupCoverage>();
  for (const {group, route} of routes) {
    const entry = groups.get(group) ?? {group, total: 0, present: 0, missing: []};
    entry.total += 1;
    if (pageExists(buildDir, route)) entry.present += 1;
    else entry.missing.push(route);
    groups.set(group, entry);
  }
  return [...groups.values()];
}

export interface RedirectProblem {
  from: string;
  expected: string;
  found: string | undefined;
}

export interface RedirectReport {
  checked: number;
  /** Legacy paths whose target page is not in the build yet. */
  pendingTarget: number;
  problems: RedirectProblem[];
}

/**
 * Every legacy path (and its /docs and .htm variants) whose target exists must be a
 * one-hop redirect to that target, and the target must be a real page.
 */
export function checkRedirects(pairs: ReadonlyArray<{from: string; to: string}>, buildDir: string): RedirectReport {
  const report: RedirectReport = {checked: 0, pendingTarget: 0, problems: []};
  const targets = new Set(pairs.map((pair) => pair.to));
  for (const target of targets) {
    if (!pageExists(buildDir, target)) {
      report.pendingTarget += pairs.filter((pair) => pair.to === target).length;
      continue;
    }
    for (const from of redirectsTo(target)) {
      report.checked += 1;
      const found = redirectTarget(buildDir, from);
      if (found !== target) report.problems.push({from, expected: target, found});
    }
  }
  return report;
}
