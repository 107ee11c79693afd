/**
 * The legacy API pages say, per endpoint, which Unleash releases served it ("3.0 – 5.12
 * (removed in 6.0)", "4.2 and later") and whether unleash-server 8.2.0 does. Where an endpoint
 * is in the OpenAPI description a recorded server serves, that server's version must fall in
 * the stated range. (A route a server registers but leaves out of its description cannot be
 * checked this way; those rows are counted, not judged.)
 */
import {listDocFiles, parsePage, docsDir} from '../content/pages';
import path from 'node:path';
import {operationsOf, pathShape} from './changelog';
import {readDescription, recordedServers} from './servers';

export interface StatedRow {
  page: string;
  method: string;
  path: string;
  /** First and last minor release ("3.0", "5.12"); `last` undefined for "and later". */
  first: string;
  last?: string;
  /** The current-server column, as written. */
  current: string;
}

const ROW = /^\| `(GET|POST|PUT|PATCH|DELETE) ([^`]+)` \| (\d+\.\d+)(?: – (\d+\.\d+)| and later)[^|]*\| ([^|]+) \|/;

export function statedRows(): StatedRow[] {
  const rows: StatedRow[] = [];
  for (const file of listDocFiles(path.join(docsDir, 'reference/api/legacy'))) {
    const page = parsePage(file);
    for (const line of page.body.split('\n')) {
      const match = ROW.exec(line);
      if (match) rows.push({page: page.route, method: match[1]!, path: match[2]!, first: match[3]!, last: match[4], current: match[5]!.trim()});
    }
  }
  return rows;
}

const minor = (version: string) => version.split('.').slice(0, 2).map(Number) as [number, number];
const atOrAfter = (a: [number, number], b: [number, number]) => a[0] > b[0] || (a[0] === b[0] && a[1] >= b[1]);

export function inRange(row: StatedRow, version: string): boolean {
  const v = minor(version);
  return atOrAfter(v, minor(row.first)) && (row.last === undefined || atOrAfter(minor(row.last), v));
}

export interface LegacyCheck {
  checked: number;
  notDescribed: number;
  problems: string[];
}

export function checkLegacyVersions(rows = statedRows()): LegacyCheck {
  const servers = recordedServers().map((server) => ({server, shapes: new Set([...operationsOf(readDescription(server)).keys()])}));
  const documented = servers.find(({server}) => server.packageName === 'unleash-server')!;
  const problems: string[] = [];
  let checked = 0;
  let notDescribed = 0;
  for (const row of rows) {
    // Legacy pages write path parameters as `{name}` or `:name`.
    const key = `${row.method} ${pathShape(row.path.replace(/:(\w+)/g, '{$1}'))}`;
    const servedBy = servers.filter(({shapes}) => shapes.has(key));
    if (servedBy.length === 0) {
      notDescribed += 1;
      continue;
    }
    checked += 1;
    for (const {server} of servedBy) {
      if (!inRange(row, server.version)) problems.push(`${row.page}: ${row.method} ${row.path} is said to be served by ${row.first}${row.last ? ` – ${row.last}` : ' and later'}, but unleash-server ${server.version} describes it`);
    }
    const currentServes = documented.shapes.has(key);
    if (currentServes && /^No\b/.test(row.current)) problems.push(`${row.page}: ${row.method} ${row.path} is said not to be served by ${documented.server.version}, which describes it`);
    if (!inRange(row, documented.server.version) && currentServes) problems.push(`${row.page}: ${row.method} ${row.path}'s range ends before ${documented.server.version}, which describes it`);
    // Where the range runs to the current version, the description's absence is the question for the next reader.
    for (const {server, shapes} of servers) {
      if (inRange(row, server.version) && row.last !== undefined && !shapes.has(key) && servedBy.some((s) => s.server.major < server.major)) {
        problems.push(`${row.page}: ${row.method} ${row.path} is said to be served up to ${row.last}, but unleash-server ${server.version} no longer describes it`);
      }
    }
  }
  return {checked, notDescribed, problems};
}
