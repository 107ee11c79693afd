/**
 * The bundled description is downloadable from the build at a stable address, and the API
 * introduction links to it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {API_DOWNLOAD_ROUTE, apiDownloadPlugin} from '../config/api';
import {bundle} from '../scripts/openapi/bundle';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-download-'));
afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

function plugin(bundleFile: string): Plugin {
  const config = apiDownloadPlugin(bundleFile) as (context: LoadContext, options: unknown) => Plugin;
  return config({} as LoadContext, {});
}

describe('the OpenAPI download', () => {
  it('is copied into the build at /reference/api/unleash/openapi.json', async () => {
    const bundleFile = path.join(dir, 'unleash.json');
    fs.writeFileSync(bundleFile, '{"openapi":"3.0.3"}');
    const outDir = path.join(dir, 'build');
    await plugin(bundleFile).postBuild!({outDir} as Parameters<NonNullable<Plugin['postBuild']>>[0]);
    expect(API_DOWNLOAD_ROUTE).toBe('/reference/api/unleash/openapi.json');
    expect(fs.readFileSync(path.join(outDir, 'reference/api/unleash/openapi.json'), 'utf8')).toBe('{"openapi":"3.0.3"}');
  });

  it('is skipped with a warning when there is no bundle', async () => {
    const outDir = path.join(dir, 'fixture-build');
    await plugin(path.join(dir, 'missing.json')).postBuild!({outDir} as Parameters<NonNullable<Plugin['postBuild']>>[0]);
    expect(fs.existsSync(path.join(outDir, 'reference/api/unleash/openapi.json'))).toBe(false);
  });

  it('is linked from the API introduction, which names the documented version', () => {
    const description = String(bundle(undefined, undefined, '9.9.9').info.description);
    expect(description).toContain(`(pathname://${API_DOWNLOAD_ROUTE})`);
    expect(description).toContain('describes Unleash 9.9.9');
  });
});
