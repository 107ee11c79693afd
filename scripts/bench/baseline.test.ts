import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {baselineBlockingBudget, baselineBuildBudget, baselineDir, baselineDocBlockingBudget, baselineSection, checkOutBaseline, compareRuns, packagesNotShared, resolveBaseline, type BaselineReport} from './baseline';
import type {BuildRun} from './build';
import type {LighthouseRun} from './lighthouse';
import type {ScriptRun} from './site';

const mobile = (run: number, page: string, tbtMs: number | null, performance = 90) => ({run, path: page, formFactor: 'mobile', scores: {performance}, metrics: {tbtMs}}) as unknown as LighthouseRun;
const desktop = (run: number, page: string, tbtMs: number) => ({run, path: page, formFactor: 'desktop', scores: {performance: 100}, metrics: {tbtMs}}) as unknown as LighthouseRun;
const scripts = (run: number, page: string, gzip: number) => ({run, path: page, js: {raw: gzip * 3, gzip, count: 5}}) as ScriptRun;
const cold = (wallSeconds: number, cpu: number, pages = 900, apiPages = 500) =>
  ({kind: 'cold', wallSeconds, gnuTime: {elapsedSeconds: wallSeconds, userSeconds: cpu, systemSeconds: 0, maxProcessRssBytes: 1}, pages: {pages, apiPages, htmlFiles: pages, redirectStubs: 0}}) as BuildRun;

const baseline = (lighthouse: LighthouseRun[], scriptRuns: ScriptRun[], build: BuildRun | null = cold(100, 80)): BaselineReport => ({
  ref: 'HEAD~1',
  sha: 'f74e880aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  subject: 'Runnable docs',
  cold: build,
  lighthouse,
  scriptRuns,
});

describe('compareRuns', () => {
  it('takes the median of each side per page, mobile runs only', () => {
    const before = baseline([mobile(1, '/', 300), mobile(2, '/', 500), mobile(3, '/', 400, 70)], [scripts(1, '/', 2000), scripts(2, '/', 2100), scripts(3, '/', 2050)]);
    const current = {lighthouse: [mobile(1, '/', 100, 95), mobile(2, '/', 200, 97), mobile(3, '/', 900, 60), desktop(1, '/', 5)], scriptRuns: [scripts(1, '/', 1000), scripts(2, '/', 1000), scripts(3, '/', 1000)]};
    expect(compareRuns(before, current, ['/'])).toEqual([{path: '/', tbt: {before: 400, after: 200}, performance: {before: 90, after: 95}, scriptGzip: {before: 2050, after: 1000}}]);
  });

  it('counts a failed measurement as missing, never as zero', () => {
    const rows = compareRuns(baseline([mobile(1, '/a', null)], []), {lighthouse: [mobile(1, '/a', 10)], scriptRuns: []}, ['/a', '/b']);
    expect(rows[0]!.tbt).toEqual({before: null, after: 10});
    expect(rows[1]!.tbt).toEqual({before: null, after: null});
  });
});

describe('the two baseline budgets', () => {
  it('holds the cold build to the baseline + 40%, with CPU time beside it', () => {
    expect(baselineBuildBudget(baseline([], []), cold(140, 100))).toMatchObject({status: 'met', figure: '1 min 40 s → 2 min 20 s (+40%); CPU 1 min 20 s → 1 min 40 s (+25%)', scope: 'full site, beside f74e880'});
    expect(baselineBuildBudget(baseline([], []), cold(141, 100)).status).toBe('missed');
    expect(baselineBuildBudget(baseline([], [], null), cold(90, 80)).status).toBe('not measured');
    expect(baselineBuildBudget(baseline([], []), null).status).toBe('not measured');
  });

  it('needs every page’s blocking time below the baseline’s', () => {
    const row = (page: string, before: number | null, after: number | null) => ({path: page, tbt: {before, after}, performance: {before: 90, after: 90}, scriptGzip: {before: 1, after: 1}});
    const b = baseline([], []);
    expect(baselineBlockingBudget(b, [row('/', 700, 500), row('/x', 900, 899)])).toMatchObject({status: 'met', figure: '`/` 700 ms → 500 ms; `/x` 900 ms → 899 ms'});
    expect(baselineBlockingBudget(b, [row('/', 700, 500), row('/x', 900, 900)]).status).toBe('missed');
    expect(baselineBlockingBudget(b, [row('/', 700, 500), row('/x', null, 900)])).toMatchObject({status: 'not measured', figure: '1 page(s) not measured'});
    expect(baselineBlockingBudget(b, []).status).toBe('not measured');
  });
});

describe('the doc pages’ blocking time against the baseline’s (issue #39)', () => {
  const row = (page: string, before: number | null, after: number | null) => ({path: page, tbt: {before, after}, performance: {before: 90, after: 95}, scriptGzip: {before: 1, after: 1}});
  const docPages = ['/reference/segments', '/how-to/how-to-add-sso-saml'];
  const b = baseline([], []);

  it('needs every doc page at half the baseline’s TBT or less, and looks at no other page', () => {
    const met = baselineDocBlockingBudget(b, [row('/', 100, 100), row('/reference/segments', 400, 200), row('/how-to/how-to-add-sso-saml', 500, 120)], docPages);
    expect(met).toMatchObject({
      status: 'met',
      budget: 'Lighthouse mobile TBT ≤ 50% of the baseline’s on doc pages, median of runs, same run',
      scope: '`/reference/segments`, `/how-to/how-to-add-sso-saml`, beside f74e880',
      figure: '`/reference/segments` 400 ms → 200 ms (at most 200 ms); `/how-to/how-to-add-sso-saml` 500 ms → 120 ms (at most 250 ms)',
    });
  });

  it('fails when one doc page keeps more than half, even if it improved', () => {
    expect(baselineDocBlockingBudget(b, [row('/reference/segments', 400, 201), row('/how-to/how-to-add-sso-saml', 500, 100)], docPages).status).toBe('missed');
  });

  it('says when a doc page has no figure on either side', () => {
    expect(baselineDocBlockingBudget(b, [row('/reference/segments', 400, 100), row('/how-to/how-to-add-sso-saml', null, 100)], docPages)).toMatchObject({status: 'not measured', figure: '1 page(s) not measured'});
    expect(baselineDocBlockingBudget(b, [row('/', 400, 100)], docPages)).toMatchObject({status: 'not measured', figure: 'not measured'});
  });
});

describe('baselineSection', () => {
  it('is empty without a baseline, and otherwise names the commit and gives each page before → after', () => {
    expect(baselineSection(undefined, [], null, 'n/a')).toEqual([]);
    const b = baseline([mobile(1, '/', 400)], [scripts(1, '/', 2048)]);
    const lines = baselineSection(b, compareRuns(b, {lighthouse: [mobile(1, '/', 100, 99)], scriptRuns: [scripts(1, '/', 1024)]}, ['/']), cold(130, 90, 950, 748), '1,100–2,300').join('\n');
    expect(lines).toContain('Baseline: `f74e880` (Runnable docs), given as `--baseline HEAD~1`');
    expect(lines).toContain('benchmark index 1,100–2,300');
    expect(lines).toContain('wall 1 min 40 s → 2 min 10 s (+30%); 900 → 950 pages (500 → 748 API pages)');
    expect(lines).toContain('| `/` | 400 ms → 100 ms (−75%) | 90 → 99 (+10%) | 2.0 KB → 1.0 KB (−50%) |');
  });
});

describe('the baseline checkout', () => {
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'baseline-test-'));
  const git = (...args: string[]) => execFileSync('git', args, {cwd: repo, encoding: 'utf8'}).trim();
  git('init', '--quiet');
  git('config', 'user.email', 'bench@example.invalid');
  git('config', 'user.name', 'bench');
  fs.mkdirSync(path.join(repo, 'node_modules'));
  // Larger than execFileSync's default 1 MB buffer, as the real lock file is.
  fs.writeFileSync(path.join(repo, 'package-lock.json'), `${JSON.stringify({lockfileVersion: 3, padding: 'x'.repeat(1_500_000), packages: {'node_modules/left-pad': {version: '1.3.0', integrity: 'sha512-a'}}})}\n`);
  fs.writeFileSync(path.join(repo, 'page.md'), 'before\n');
  git('add', 'package-lock.json', 'page.md');
  git('commit', '--quiet', '-m', 'first page');
  const first = git('rev-parse', 'HEAD');
  fs.writeFileSync(path.join(repo, 'page.md'), 'after\n');
  git('commit', '--quiet', '-am', 'second page');
  const made: string[] = [];
  afterAll(() => {
    for (const dir of [repo, ...made]) fs.rmSync(dir, {recursive: true, force: true});
  });

  it('resolves a ref to its commit and subject, and refuses what is not a commit', () => {
    expect(resolveBaseline(repo, 'HEAD~1')).toEqual({ref: 'HEAD~1', sha: first, subject: 'first page'});
    expect(() => resolveBaseline(repo, 'no-such-ref')).toThrow(/--baseline no-such-ref: not a commit/);
  });

  it('checks the commit out outside the repository, sharing node_modules', () => {
    const dir = checkOutBaseline(repo, resolveBaseline(repo, 'HEAD~1'));
    made.push(dir);
    expect(dir).toBe(baselineDir(first));
    expect(path.relative(repo, dir).startsWith('..')).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'page.md'), 'utf8')).toBe('before\n');
    expect(fs.realpathSync(path.join(dir, 'node_modules'))).toBe(fs.realpathSync(path.join(repo, 'node_modules')));
    // A second call reuses the checkout (and its build, for --skip-build).
    fs.writeFileSync(path.join(dir, 'marker'), '');
    checkOutBaseline(repo, resolveBaseline(repo, 'HEAD~1'));
    expect(fs.existsSync(path.join(dir, 'marker'))).toBe(true);
  });

  it('refuses a commit whose dependencies this checkout does not hold as it does', () => {
    fs.writeFileSync(path.join(repo, 'package-lock.json'), '{"lockfileVersion": 3, "packages": {}}\n');
    expect(() => checkOutBaseline(repo, resolveBaseline(repo, 'HEAD~1'))).toThrow(/does not hold left-pad@1.3.0 as its package-lock.json does/);
    git('checkout', '--quiet', 'package-lock.json');
  });

  it('shares node_modules with a commit whose packages are all here, whatever this checkout added', () => {
    const lock = (packages: Record<string, {version: string; integrity?: string}>) => JSON.stringify({lockfileVersion: 3, packages: {'': {name: 'x'}, ...packages}});
    const leftPad = {'node_modules/left-pad': {version: '1.3.0', integrity: 'sha512-a'}};
    expect(packagesNotShared(lock({...leftPad, 'node_modules/purgecss': {version: '8.0.0'}}), lock(leftPad))).toEqual([]);
    expect(packagesNotShared(lock({'node_modules/left-pad': {version: '1.3.1', integrity: 'sha512-b'}}), lock(leftPad))).toEqual(['left-pad@1.3.0']);
  });
});
