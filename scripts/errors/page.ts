/**
 * The error-message catalogue as a page: `docs/using-unleash/troubleshooting/error-messages.md`,
 * written from `catalogue.yaml` by `npm run errors:page` (and committed, so the page builds,
 * searches and links like any other). Each message is a heading of its own, written exactly as
 * the code writes it, so a message pasted into the search finds its entry; `page.test.ts` fails
 * when the committed page is not what the catalogue renders.
 */
import fs from 'node:fs';
import path from 'node:path';
import {docsDir, repoRoot} from '../content/pages';
import {isPinned, loadCatalogue, parsePostgresqlFile, parseRepositoryFile, postgresqlBranch, POSTGRESQL_SOURCE, type ErrorEntry} from './catalogue';

export const PAGE_FILE = path.join(docsDir, 'using-unleash/troubleshooting/error-messages.md');

/** The sections of the page, in order, and the sources each holds. */
const GROUPS: Array<{heading: string; intro: string; sources: string[]}> = [
  {heading: 'Unleash server', intro: 'Answers of the Admin, Client and Frontend APIs (the `message` of the JSON error body, with its `name` where there is one) and lines the server logs at start-up and while it runs.', sources: ['unleash-server']},
  {heading: 'PostgreSQL', intro: 'Errors the database sends back, which the Unleash server prints unchanged in its log, most often at start-up right after `Failed to migrate db` (the process then stops). PostgreSQL writes these texts, so any program that connects to it gets the same ones. The database\'s own log often adds a detail line the client never receives, such as which of two causes refused a login.', sources: [POSTGRESQL_SOURCE]},
  {heading: 'Node.js SDK', intro: 'Errors the `unleash-client` package emits as `error` events and warnings it emits as `warn` events, or throws.', sources: ['unleash-client']},
  {heading: 'Browser, React and Next.js SDKs', intro: 'Errors and warnings of `unleash-proxy-client` (the browser SDK the React, Vue and Next.js SDKs build on), `@unleash/proxy-client-react` and `@unleash/nextjs`, in the browser console or the server log of a Next.js app.', sources: ['unleash-proxy-client', '@unleash/proxy-client-react', '@unleash/nextjs']},
  {heading: 'Unleash Edge and the Unleash Proxy', intro: 'What Edge and the deprecated Proxy log when they cannot reach Unleash, when a token is refused, or when their configuration is wrong.', sources: ['unleash-edge', 'unleash-proxy']},
  {heading: 'Other server-side SDKs', intro: 'Messages of the Java, Python, .NET, Go, Ruby and PHP SDKs that readers meet most: a refused token, an unreachable server, a bad configuration.', sources: ['unleash-java-sdk', 'unleash-python-sdk', 'unleash-dotnet-sdk', 'unleash-go-sdk', 'unleash-ruby-sdk', 'unleash-php-sdk', 'unleash-rust-sdk', 'unleash-android-sdk', 'unleash-ios-sdk', 'unleash-flutter-sdk']},
];

/** Text for a Markdown paragraph of a CommonMark page: `<name>` would be read as HTML (code spans keep it). */
const prose = (text: string) =>
  text
    .split(/(`[^`]*`)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')))
    .join('');

/** Inline code holding any text: a fence one backtick longer than the longest run inside. */
function code(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Where the text was read: the pinned package and its version, or the repository at its tag. */
export function readAt(entry: ErrorEntry, versionOf: (name: string) => string): string {
  if (isPinned(entry.source)) return `${entry.source} ${versionOf(entry.source)}`;
  const server = entry.source === POSTGRESQL_SOURCE ? parsePostgresqlFile(entry.file) : undefined;
  if (server) return `PostgreSQL ${server.major}`;
  const file = parseRepositoryFile(entry.file);
  return file ? `${file.repository} at ${file.tag}` : entry.source;
}

export function installedVersion(name: string): string {
  return (JSON.parse(fs.readFileSync(path.join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as {version: string}).version;
}

function entrySection(entry: ErrorEntry, versionOf: (name: string) => string): string {
  const facts = [`**Where:** ${prose(entry.where)}`, ...(entry.status ? [`**Status:** ${entry.status}`] : []), ...(entry.name ? [`**Error name:** ${code(entry.name)}`] : []), `**Read in:** ${prose(readAt(entry, versionOf))}`];
  return [`### ${code(entry.text)} {#${entry.id}}`, '', facts.join(' · '), '', `**When it happens:** ${prose(entry.when)}`, '', `**What to do:** ${prose(entry.fix)}`].join('\n');
}

/** The `checked` record: every package and repository the messages were read in. */
function checkedSources(entries: ErrorEntry[], versionOf: (name: string) => string): string[] {
  const sources = new Set<string>();
  for (const entry of entries) {
    if (isPinned(entry.source)) sources.add(`${entry.source}@${versionOf(entry.source)}`);
    else if (entry.source === POSTGRESQL_SOURCE) {
      const server = parsePostgresqlFile(entry.file);
      if (server) sources.add(postgresqlBranch(server.major));
    } else {
      const file = parseRepositoryFile(entry.file);
      if (file) sources.add(`${file.repository}@${file.tag}`);
    }
  }
  return [...sources];
}

export function renderPage(entries: ErrorEntry[], versionOf: (name: string) => string = installedVersion): string {
  const placed = new Set(GROUPS.flatMap((group) => group.sources));
  const stray = entries.filter((entry) => !placed.has(entry.source));
  if (stray.length) throw new Error(`no section of the error-message page takes ${[...new Set(stray.map((entry) => entry.source))].join(', ')}: add it to GROUPS in scripts/errors/page.ts`);
  const front = [
    '---',
    'title: Error messages',
    'description: Every error message Unleash and its PostgreSQL database, its SDKs, Edge and the Proxy show that readers paste into a search, with when it happens and what to do.',
    'sidebar_position: 1',
    'keywords: [error, error message, 401, 403, 404, 429, 503, unauthorized, forbidden, invalid token, timeout, log, exception, database, postgresql, ECONNREFUSED]',
    'checked:',
    ...checkedSources(entries, versionOf).map((source) => `  - ${source.startsWith('@') ? JSON.stringify(source) : source}`),
    '---',
  ];
  const intro = [
    'This page lists the error messages you can meet while running Unleash or an SDK, each written exactly as the program writes it, so you can search for the text you see. A part in angle brackets, such as `<status>` or `<url>`, stands for what changes from one occurrence to the next: a status code, an address, a flag name.',
    '',
    `The page is written from \`scripts/errors/catalogue.yaml\` in this site's repository: ${entries.length} messages. The test suite finds every message of the pinned packages (the Unleash server, the Node.js, browser, React and Next.js SDKs) in those packages' code, so a message that changes with a new release shows up there first. Messages of the other SDKs, Edge and the Proxy were read in their repositories at the release named under each, and PostgreSQL's in the server program of the PostgreSQL release named under each.`,
    '',
    'For a problem without a message, start from [Troubleshooting](index.md).',
  ];
  const sections = GROUPS.flatMap((group) => {
    const own = entries.filter((entry) => group.sources.includes(entry.source));
    if (!own.length) return [];
    return [`## ${group.heading}`, '', group.intro, '', ...own.map((entry) => `${entrySection(entry, versionOf)}\n`)];
  });
  return `${[...front, '', ...intro, '', ...sections].join('\n').trimEnd()}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  fs.writeFileSync(PAGE_FILE, renderPage(loadCatalogue()));
  console.log(`Wrote ${path.relative(repoRoot, PAGE_FILE)}`);
}
