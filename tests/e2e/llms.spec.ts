/** The files for AI assistants, generated at build time from the real pages. */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {buildDir, siteUrl} from './support';

test.describe('pages for AI assistants', () => {
  test('/llms.txt lists the hand-written pages with their descriptions and Markdown links', async ({request}) => {
    const response = await request.get(siteUrl('/llms.txt'));
    expect(response.ok()).toBe(true);
    const text = await response.text();
    expect(text).toMatch(/^# Unleash Documentation\n/);
    const segments = fs.readFileSync(path.resolve(__dirname, '../../docs/reference/segments.md'), 'utf8');
    const description = /^description: (.+)$/m.exec(segments)![1]!.replace(/^["']|["']$/g, '');
    expect(text).toContain(`[Segments](https://docs.getunleash.io/reference/segments.md): ${description}`);
    expect(text.match(/^- \[/gm)!.length).toBeGreaterThan(200);
    expect(text).toContain('[Contributing to Unleash](https://docs.getunleash.io/contributing.md)');
    expect(text).not.toContain('/.md');
  });

  test('every hand-written page has a Markdown twin, and /llms-full.txt holds them all', async ({request}) => {
    const twin = await request.get(siteUrl('/reference/segments.md'));
    expect(twin.ok()).toBe(true);
    const markdown = await twin.text();
    expect(markdown).toMatch(/^# Segments\n\n/);
    expect(markdown).not.toMatch(/^---$/m);
    expect(markdown).toContain('## ');
    expect(fs.existsSync(path.join(buildDir(), 'quickstart.md'))).toBe(true);
    expect((await request.get(siteUrl('/contributing.md'))).ok()).toBe(true);
    const full = await (await request.get(siteUrl('/llms-full.txt'))).text();
    expect(full).toContain(markdown.trim().split('\n').slice(0, 3).join('\n'));
    expect(full).toContain('# Quickstart');
  });
});

test.describe('Markdown twins of the generated API pages', () => {
  test('an operation page has a twin written from the OpenAPI description', async ({request}) => {
    const twin = await request.get(siteUrl('/reference/api/unleash/get-feature.md'));
    expect(twin.ok()).toBe(true);
    const markdown = await twin.text();
    expect(markdown).toMatch(/^# Get a feature flag\n\n`GET \/api\/admin\/projects\/\{projectId\}\/features\/\{featureName\}`\n/);
    expect(markdown).toContain('## Path parameters');
    expect(markdown).toContain('| `featureName` |');
    expect(markdown).toContain('### 200');
    expect(markdown).toContain('Schema: `featureSchema`');
    expect(markdown).not.toContain('<MethodEndpoint');
  });

  test('tag pages and the API introduction have twins, and llms.txt lists them', async ({request}) => {
    const tag = await (await request.get(siteUrl('/reference/api/unleash/events.md'))).text();
    expect(tag).toMatch(/^# Events\n\nRead the event log/);
    expect(tag).toContain('](/reference/api/unleash/get-events.md): `GET /api/admin/events`');
    const introduction = await (await request.get(siteUrl('/reference/api/unleash.md'))).text();
    expect(introduction).toMatch(/^# Unleash API\n\n/);
    expect(introduction).toContain('## The three APIs');
    const index = await (await request.get(siteUrl('/llms.txt'))).text();
    expect(index).toContain('## API reference');
    expect(index).toContain('[Get a feature flag](https://docs.getunleash.io/reference/api/unleash/get-feature.md): ');
  });
});
