/**
 * Compares two PNG screenshots pixel by pixel, with no tolerance: any difference in any channel
 * of any pixel counts. For a failure, it draws the differing pixels red over a faded copy of
 * the first image.
 */
import {PNG} from 'pngjs';

export interface PixelComparison {
  /** Both images' sizes, `width×height`. */
  sizes: [string, string];
  /** Pixels that differ; every pixel when the sizes differ. */
  differing: number;
  /** The smallest rectangle holding every differing pixel, `x,y wxh`, when the sizes agree. */
  region?: string;
  /** The picture of the differences (PNG), when there are any and the sizes agree. */
  diff?: Buffer;
}

const size = (image: PNG) => `${image.width}×${image.height}`;

export function comparePngs(first: Buffer, second: Buffer): PixelComparison {
  const a = PNG.sync.read(first);
  const b = PNG.sync.read(second);
  const sizes: [string, string] = [size(a), size(b)];
  if (a.width !== b.width || a.height !== b.height) return {sizes, differing: Math.max(a.width * a.height, b.width * b.height)};
  const diff = new PNG({width: a.width, height: a.height});
  let differing = 0;
  const box = {left: a.width, top: a.height, right: -1, bottom: -1};
  for (let offset = 0; offset < a.data.length; offset += 4) {
    const same = a.data[offset] === b.data[offset] && a.data[offset + 1] === b.data[offset + 1] && a.data[offset + 2] === b.data[offset + 2] && a.data[offset + 3] === b.data[offset + 3];
    if (!same) {
      differing += 1;
      const pixel = offset / 4;
      const x = pixel % a.width;
      const y = Math.floor(pixel / a.width);
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x);
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y);
    }
    // Unchanged pixels faded to a quarter, so the red ones stand out.
    diff.data[offset] = same ? 191 + (a.data[offset]! >> 2) : 255;
    diff.data[offset + 1] = same ? 191 + (a.data[offset + 1]! >> 2) : 0;
    diff.data[offset + 2] = same ? 191 + (a.data[offset + 2]! >> 2) : 0;
    diff.data[offset + 3] = 255;
  }
  if (differing === 0) return {sizes, differing};
  return {sizes, differing, region: `${box.left},${box.top} ${box.right - box.left + 1}×${box.bottom - box.top + 1}`, diff: PNG.sync.write(diff)};
}
