import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {documentedUnleashVersion} from './unleashVersion';

describe('the documented Unleash version', () => {
  it('is the exact unleash-server pin', () => {
    const installed = JSON.parse(fs.readFileSync(path.join(__dirname, '../node_modules/unleash-server/package.json'), 'utf8')) as {version: string};
    expect(documentedUnleashVersion()).toBe(installed.version);
  });

  it('refuses a range', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pin-')), 'package.json');
    fs.writeFileSync(file, JSON.stringify({devDependencies: {'unleash-server': '^8.2.0'}}));
    expect(() => documentedUnleashVersion(file)).toThrow(/exact version \(found \^8\.2\.0\)/);
  });
});
