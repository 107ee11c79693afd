import {describe, expect, it} from 'vitest';
import {checkLegacyVersions, inRange, statedRows, type StatedRow} from './legacyVersions';

const row = (first: string, last?: string): StatedRow => ({page: '/x', method: 'GET', path: '/api/admin/x', first, last, current: 'No'});

describe('legacy API pages against the servers’ descriptions', () => {
  it('reads ranges as first and last minor releases', () => {
    expect(inRange(row('3.0', '5.12'), '5.12.8')).toBe(true);
    expect(inRange(row('3.0', '5.12'), '6.10.1')).toBe(false);
    expect(inRange(row('4.2'), '8.2.0')).toBe(true);
    expect(inRange(row('5.5'), '5.4.0')).toBe(false);
  });

  it('finds the version tables on the legacy pages', () => {
    const rows = statedRows();
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.some((r) => r.method === 'GET' && r.path === '/api/admin/features' && r.last === '5.12')).toBe(true);
  });

  it('every endpoint a recorded server describes is stated as served by that release', () => {
    const result = checkLegacyVersions();
    console.log(`legacy API pages: ${result.checked} endpoints checked against the served descriptions, ${result.notDescribed} in no description (routes a server registers without describing them, or older than 5.x)`);
    expect(result.problems).toEqual([]);
    expect(result.checked).toBeGreaterThan(20);
  });

  it('fails a range that a served description contradicts', () => {
    const wrong: StatedRow = {page: '/x', method: 'GET', path: '/api/admin/features', first: '3.0', last: '4.23', current: 'No'};
    expect(checkLegacyVersions([wrong]).problems.join('\n')).toContain('unleash-server 5.12.8 describes it');
    const wrongCurrent: StatedRow = {page: '/x', method: 'POST', path: '/api/admin/features/validate', first: '3.0', current: 'No'};
    expect(checkLegacyVersions([wrongCurrent]).problems.join('\n')).toContain('said not to be served by 8.2.0');
  });
});
