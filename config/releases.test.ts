import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {compareVersions, releaseAnchor, releaseNoteRoute, releaseNoteRouteIfAny, releaseSeriesRoute, releasesWithNotes, seriesOf} from './releases';

describe('release-note routes', () => {
  it('give a page per minor series and an anchor per release', () => {
    expect(releaseNoteRoute('8.0.3')).toBe('/release-notes/unleash-8.0#unleash-8-0-3');
    expect(releaseNoteRoute('6.10.1')).toBe('/release-notes/unleash-6.10#unleash-6-10-1');
    expect(releaseSeriesRoute('7.6')).toBe('/release-notes/unleash-7.6');
    expect(releaseAnchor('8.2.0')).toBe('unleash-8-2-0');
    expect(seriesOf('6.1.12')).toBe('6.1');
    expect(() => releaseNoteRoute('7.6.5-beta.0')).toThrow(/not a release version/);
  });

  it('order versions as numbers, not as text', () => {
    expect(['6.10.0', '6.9.2', '6.1.12', '6.1.2'].sort(compareVersions)).toEqual(['6.1.2', '6.1.12', '6.9.2', '6.10.0']);
  });

  it('link only the releases facts.json has', () => {
    expect(releasesWithNotes().has('6.0.0')).toBe(true);
    expect(releaseNoteRouteIfAny('6.0.0')).toBe('/release-notes/unleash-6.0#unleash-6-0-0');
    expect(releaseNoteRouteIfAny('5.7.0')).toBeUndefined();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'releases-')), 'facts.json');
    fs.writeFileSync(file, JSON.stringify({releases: [{version: '9.0.0'}]}));
    expect([...releasesWithNotes(file)]).toEqual(['9.0.0']);
    expect(releasesWithNotes(path.join(path.dirname(file), 'absent.json')).size).toBe(0);
  });
});
