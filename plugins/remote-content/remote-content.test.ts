/**
 * Remote readme pulling end to end against a local 127.0.0.1 server that serves readmes
 * written for this test, a 404, a readme that never arrives in time, and malformed Markdown.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {pullRemoteContent} from './pull';
import {parseRepository, remoteSources, type RemoteSource} from './manifest';
import {MalformedReadmeError, transformReadme} from './transform';
import {patience} from '../../scripts/testing/patience';

/** How long a fetch may take: long enough for the good readme on a busy machine; the slow one answers well after it. */
const TIMEOUT_MS = patience(1_000);

const GOOD_README = `# Unleash Go SDK

<p align="center"><img src="docs/logo.png" alt="Logo" width="80"></p>

Install it with \`go get\` and read the [contributing guide](./CONTRIBUTING.md) or the [examples](examples/basic.go).

![Diagram](./docs/diagram.svg)

\`\`\`go
unleash.Initialize(unleash.WithUrl("https://example.com/api"))
\`\`\`

See [the upstream docs](https://docs.getunleash.io/reference/sdks/go) and [this section](#usage).
`;

const source = (key: string, repository: string, docPath: string): RemoteSource => ({key, repository, branch: 'main', docPath, route: `/${docPath.replace(/\.md$/, '')}`, sidebarLabel: key});
const sources = [
  source('go', 'unleash-client-go', 'reference/sdks/go.md'),
  source('ruby', 'unleash-client-ruby', 'reference/sdks/ruby.md'),
  source('php', 'unleash-client-php', 'reference/sdks/php.md'),
  source('rust', 'unleash-client-rust', 'reference/sdks/rust.md'),
];

let server: http.Server;
let baseUrl = '';
const docsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-docs-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(docsDir, 'reference/sdks'), {recursive: true});
  for (const {docPath} of sources) fs.writeFileSync(path.join(docsDir, docPath), '---\ntitle: Written here\nsidebar_position: 7\n---\n\nHand-written page.\n');
  server = http.createServer((req, res) => {
    if (req.url === '/unleash-client-go/main/README.md') return res.end(GOOD_README);
    if (req.url === '/unleash-client-php/main/README.md') return setTimeout(() => res.end(GOOD_README), TIMEOUT_MS * 3).unref();
    if (req.url === '/unleash-client-rust/main/README.md') return res.end('# Broken\n\nSome text that opens a fence\n\n```rust\nfn main() {}\n');
    res.statusCode = 404;
    return res.end('404: Not Found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('remote content', () => {
  it('has a source for every SDK, Edge and Proxy readme in site.json', () => {
    expect(remoteSources).toHaveLength(19);
    expect(remoteSources.find((s) => s.key === 'go')).toMatchObject({repository: 'unleash-go-sdk', branch: 'main', docPath: 'reference/sdks/go.md', route: '/reference/sdks/go'});
    expect(remoteSources.find((s) => s.key === 'unleash-edge')).toMatchObject({docPath: 'reference/unleash-edge/index.md', route: '/reference/unleash-edge'});
    for (const remote of remoteSources) expect(fs.existsSync(path.join(__dirname, '../../docs', remote.docPath)), remote.docPath).toBe(true);
    expect(() => parseRepository('not a repo!')).toThrow(/Unreadable repository entry/);
  });

  it('transforms a readme: front matter, absolute links and images, the source note', () => {
    const {title, markdown} = transformReadme(GOOD_README, sources[0]!, 3);
    expect(title).toBe('Unleash Go SDK');
    expect(markdown).toMatch(/^---\ntitle: "Unleash Go SDK"\n/);
    expect(markdown).toContain('slug: /reference/sdks/go\n');
    expect(markdown).toContain('sidebar_label: "go"\n');
    expect(markdown).toContain('sidebar_position: 3\n');
    expect(markdown).toContain('custom_edit_url: https://github.com/Unleash/unleash-client-go/edit/main/README.md');
    expect(markdown).toContain(':::info Source');
    expect(markdown).toContain('![Logo](https://raw.githubusercontent.com/Unleash/unleash-client-go/main/docs/logo.png)');
    expect(markdown).toContain('![Diagram](https://raw.githubusercontent.com/Unleash/unleash-client-go/main/docs/diagram.svg)');
    expect(markdown).toContain('[contributing guide](https://github.com/Unleash/unleash-client-go/blob/main/CONTRIBUTING.md)');
    expect(markdown).toContain('[examples](https://github.com/Unleash/unleash-client-go/blob/main/examples/basic.go)');
    expect(markdown).toContain('[the upstream docs](https://docs.getunleash.io/reference/sdks/go)');
    expect(markdown).toContain('[this section](#usage)');
    expect(markdown).not.toMatch(/<\/?(p|img)\b/);
    expect(markdown).not.toMatch(/^# /m);
  });

  it('rejects malformed readmes', () => {
    expect(() => transformReadme('# Title\n\n```js\nopen fence\n', sources[0]!)).toThrow(MalformedReadmeError);
    expect(() => transformReadme('', sources[0]!)).toThrow('the file is empty');
    expect(() => transformReadme('# A\n\u0000\u0001 binary data that is long enough to pass', sources[0]!)).toThrow('binary');
  });

  it('does nothing but clean up when REMOTE_CONTENT is off', async () => {
    fs.writeFileSync(path.join(docsDir, 'reference/sdks/stale.remote.md'), 'old');
    const result = await pullRemoteContent({docsDir, mode: 'off', baseUrl, timeoutMs: 500, sources, log: () => {}});
    expect(result).toEqual({replaced: [], outcomes: []});
    expect(fs.existsSync(path.join(docsDir, 'reference/sdks/stale.remote.md'))).toBe(false);
  });

  it('fetches what it can and keeps the written pages on 404, timeout and malformed Markdown, logging each source', async () => {
    const logs: string[] = [];
    const result = await pullRemoteContent({docsDir, mode: 'fetch', baseUrl, timeoutMs: TIMEOUT_MS, sources, log: (message) => logs.push(message)});
    expect(result.replaced).toEqual(['reference/sdks/go.md']);
    const remoteFile = path.join(docsDir, 'reference/sdks/go.remote.md');
    expect(fs.readFileSync(remoteFile, 'utf8')).toContain('sidebar_position: 7');
    for (const fallback of ['ruby', 'php', 'rust']) expect(fs.existsSync(path.join(docsDir, `reference/sdks/${fallback}.remote.md`))).toBe(false);
    const byKey = Object.fromEntries(result.outcomes.map((outcome) => [outcome.key, outcome]));
    expect(byKey.go).toEqual({key: 'go', source: 'remote'});
    expect(byKey.ruby).toMatchObject({source: 'local', reason: 'HTTP 404'});
    expect(byKey.php).toMatchObject({source: 'local', reason: `no answer within ${TIMEOUT_MS} ms`});
    expect(byKey.rust).toMatchObject({source: 'local', reason: 'a code block is never closed'});
    expect(logs.sort()).toEqual([
      expect.stringMatching(/^\[remote-content\] \/reference\/sdks\/go: using the readme of unleash-client-go/),
      expect.stringMatching(new RegExp(`^\\[remote-content\\] /reference/sdks/php: using the page written here \\(.*no answer within ${TIMEOUT_MS} ms\\)$`)),
      expect.stringMatching(/^\[remote-content\] \/reference\/sdks\/ruby: using the page written here \(.*HTTP 404\)$/),
      expect.stringMatching(/^\[remote-content\] \/reference\/sdks\/rust: using the page written here \(.*a code block is never closed\)$/),
    ]);
  });
});
