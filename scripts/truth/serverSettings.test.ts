import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

/** These read every page or the whole Admin UI bundle; on two busy cores that takes minutes. */
const WHOLE_SITE_TIMEOUT = 240_000;
import {parsePage} from '../content/pages';
import {checkPageSettings, checkServerSettings, readServerSettings, settingsLines, type ServerSettings, type SettingsReport} from './serverSettings';

const settings = readServerSettings();

function check(body: string): SettingsReport {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'settings-'));
  const file = path.join(dir, 'page.md');
  fs.writeFileSync(file, `---\ntitle: T\n---\n${body}`);
  const report: SettingsReport = {variables: 0, options: 0, defaults: 0, problems: []};
  checkPageSettings(parsePage(file), settings, 3, report);
  return report;
}

const table = (rows: string) => `| Environment variable | Option | Default | Meaning |\n| --- | --- | --- | --- |\n${rows}\n`;

describe('what the pinned unleash-server reads', () => {
  it('finds the variables, options and defaults in the package', () => {
    expect(settings.variables.has('DATABASE_URL')).toBe(true);
    expect(settings.sets.HTTP_PORT).toContain('server.port');
    expect(settings.defaults['server.port']).toBe('4242');
    expect(settings.defaults['db.pool.max']).toBe('4');
    expect(settings.hasOption('db.pool.min')).toBe(true);
    expect(settings.hasOption('db.pool.minimum')).toBe(false);
    expect(settings.sourcedDefaults.UNLEASH_DEFAULT_ADMIN_PASSWORD).toEqual(['"unleash4all"']);
  });
});

describe('the settings check', () => {
  it('accepts true names and defaults', () => {
    const report = check(table('| `DATABASE_POOL_MAX` | `db.pool.max` | `4` | pool size |\n| `HTTP_HOST` | `server.host` | none | address |\n| `SERVER_KEEPALIVE_TIMEOUT` | `server.keepAliveTimeout` | `15` | seconds |'));
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({variables: 3, options: 3, defaults: 3});
  });

  it('reports a wrong default with what the package has', () => {
    expect(check(table('| `DATABASE_POOL_MAX` | `db.pool.max` | `10` | pool size |')).problems).toEqual([
      'page.md:6: states the default 10 for DATABASE_POOL_MAX; unleash-server\'s is 4',
    ].map((line) => expect.stringContaining(line)));
  });

  it('reports unknown variables with the nearest ones, and options the variable does not set', () => {
    const report = check(`Set \`DATABSE_URL\` first.\n\n${table('| `HTTP_PORT` | `server.host` | `4242` | port |')}`);
    expect(report.problems).toEqual([
      expect.stringMatching(/page\.md:4: unleash-server does not read the environment variable DATABSE_URL; nearest: DATABASE_URL/),
      expect.stringMatching(/HTTP_PORT sets .*server\.port.* not server\.host/),
      expect.stringMatching(/states the default 4242 for HTTP_PORT/),
    ]);
  });

  it('reports a default where the package has none, and none where it has one', () => {
    expect(check(table('| `DATABASE_HOST` | `db.host` | `localhost` | host |')).problems).toEqual([expect.stringContaining('unleash-server leaves it unset')]);
    expect(check(table('| `DATABASE_PORT` | `db.port` | none | port |')).problems).toEqual([expect.stringContaining('defaults it to 5432')]);
  });

  it('skips blocks marked as another program’s', () => {
    expect(settingsLines('<!-- settings: not-server (Edge) -->\n| `EDGE_ONLY_THING` |\n\nNext `X_Y`').join('\n')).toBe('\n\n\nNext `X_Y`');
    expect(check('<!-- settings: not-server (PostgreSQL image) -->\n```yaml\nPOSTGRES_PASSWORD: x\n```\n\nAnd `POSTGRES_DB` in prose is checked.').problems).toEqual([expect.stringContaining('POSTGRES_DB')]);
  });

  it('passes on every page in scope', () => {
    const report = checkServerSettings();
    console.log(`Server settings: ${report.variables} variable names, ${report.options} options, ${report.defaults} defaults checked against unleash-server`);
    expect(report.problems).toEqual([]);
  }, WHOLE_SITE_TIMEOUT);
});

export type {ServerSettings};
