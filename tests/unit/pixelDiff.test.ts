import {PNG} from 'pngjs';
import {describe, expect, it} from 'vitest';
import {comparePngs} from '../support/pixelDiff';

function image(width: number, height: number, paint: (x: number, y: number) => [number, number, number]): Buffer {
  const png = new PNG({width, height});
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 4;
      png.data.set([...paint(x, y), 255], offset);
    }
  }
  return PNG.sync.write(png);
}

const white = () => [255, 255, 255] as [number, number, number];

describe('comparePngs', () => {
  it('finds no difference between two encodings of the same pixels', () => {
    expect(comparePngs(image(8, 4, white), image(8, 4, white))).toEqual({sizes: ['8×4', '8×4'], differing: 0});
  });

  it('counts a pixel that differs by one in one channel, and draws it red', () => {
    const result = comparePngs(image(8, 4, white), image(8, 4, (x, y) => (x === 3 && y === 2 ? [255, 254, 255] : [255, 255, 255])));
    expect(result.differing).toBe(1);
    expect(result.region).toBe('3,2 1×1');
    const diff = PNG.sync.read(result.diff!);
    const offset = (2 * 8 + 3) * 4;
    expect([...diff.data.subarray(offset, offset + 3)]).toEqual([255, 0, 0]);
  });

  it('counts every pixel when the sizes differ', () => {
    expect(comparePngs(image(8, 4, white), image(8, 5, white))).toMatchObject({sizes: ['8×4', '8×5'], differing: 40});
  });
});
