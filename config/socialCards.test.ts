import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {repoRoot} from './paths';
import {SOCIAL_CARDS, SOCIAL_CARD_SIZE, socialCardFor, socialImageFor} from './socialCards';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): {width: number; height: number} {
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return {width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20)};
}

const contractRoutes = fs
  .readFileSync(path.join(repoRoot, 'contract/routes.txt'), 'utf8')
  .split('\n')
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => line.split('\t')[1]);

describe('social cards', () => {
  it('each have a rendered 1200×630 image in static/', () => {
    for (const card of SOCIAL_CARDS) {
      expect(pngSize(path.join(repoRoot, 'static', `img/social/${card.key}.png`)), card.key).toEqual(SOCIAL_CARD_SIZE);
    }
  });

  it('give each section its own card', () => {
    expect(socialCardFor('/reference/api/unleash/get-feature').key).toBe('api');
    expect(socialCardFor('/reference/sdks/node').key).toBe('sdks');
    expect(socialCardFor('/reference/segments').key).toBe('reference');
    expect(socialCardFor('/reference-guide').key).toBe('docs');
    expect(socialCardFor('/using-unleash/deploy/configuring-unleash').key).toBe('self-hosting');
    expect(socialCardFor('/using-unleash').key).toBe('how-to');
    expect(socialCardFor('/contributing/ADRs').key).toBe('contributing');
    expect(socialImageFor('/')).toBe('img/social/docs.png');
  });

  it('cover every contract route, and every card but the default is used by some route', () => {
    expect(contractRoutes.length).toBeGreaterThan(400);
    const used = new Set(contractRoutes.map((route) => socialCardFor(route).key));
    for (const card of SOCIAL_CARDS) expect(used.has(card.key), card.key).toBe(true);
  });
});
