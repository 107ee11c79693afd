/**
 * MurmurHash3, x86 32-bit variant, and the bucket numbers Unleash SDKs derive from it.
 *
 * Strategies hash `<groupId>:<stickiness value>` with seed 0 into 1..100; variants hash the same
 * kind of string with seed 86028157 into 1..<total weight>. The two SDK families feed the hash
 * different bytes for text outside ASCII: Yggdrasil hashes the UTF-8 encoding, while the Node.js
 * SDK (through the murmurhash3js package) hashes the low byte of every UTF-16 code unit. For
 * ASCII text both are the same bytes.
 */

export const STRATEGY_SEED = 0;
export const VARIANT_SEED = 86028157;

const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;

const rotl = (x: number, r: number) => (x << r) | (x >>> (32 - r));

function mixK(k: number): number {
  return Math.imul(rotl(Math.imul(k, C1), 15), C2);
}

/** MurmurHash3 x86_32 of `bytes`, as an unsigned 32-bit integer. */
export function murmur3(bytes: ArrayLike<number>, seed: number): number {
  const length = bytes.length;
  const tail = length & ~3;
  let h = seed | 0;
  for (let i = 0; i < tail; i += 4) {
    const k = (bytes[i]! & 0xff) | ((bytes[i + 1]! & 0xff) << 8) | ((bytes[i + 2]! & 0xff) << 16) | ((bytes[i + 3]! & 0xff) << 24);
    h ^= mixK(k);
    h = (Math.imul(rotl(h, 13), 5) + 0xe6546b64) | 0;
  }
  let k = 0;
  switch (length & 3) {
    case 3:
      k ^= (bytes[tail + 2]! & 0xff) << 16;
    // falls through
    case 2:
      k ^= (bytes[tail + 1]! & 0xff) << 8;
    // falls through
    case 1:
      k ^= bytes[tail]! & 0xff;
      h ^= mixK(k);
  }
  h ^= length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The bytes Yggdrasil hashes: UTF-8. */
export function utf8Bytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** The bytes the Node.js SDK hashes: the low byte of each UTF-16 code unit. */
export function nodeBytes(text: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) bytes.push(text.charCodeAt(i) & 0xff);
  return bytes;
}

export type HashBytes = 'utf8' | 'utf16-low-byte';

/** `hash(<group>:<id>) % modulus + 1`: a bucket from 1 to `modulus`. */
export function normalizedHash(group: string, id: string, modulus: number, seed: number, encoding: HashBytes): number {
  const input = `${group}:${id}`;
  const bytes = encoding === 'utf8' ? utf8Bytes(input) : nodeBytes(input);
  return (murmur3(bytes, seed) % modulus) + 1;
}

/** True when the two SDK families hash this text differently (it has characters outside ASCII). */
export function hashInputsDiffer(text: string): boolean {
  return /[^\x00-\x7f]/.test(text);
}
