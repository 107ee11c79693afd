/**
 * The sandbox's state in a link: `#sandbox=<format>.<base64url>`, where format 1 is deflated
 * JSON (CompressionStream) and 0 is plain JSON, for browsers without compression streams.
 */
import {readState, type SandboxState} from './model';

export const HASH_KEY = 'sandbox';

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const response = new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(stream));
  return new Uint8Array(await response.arrayBuffer());
}

export async function encodeState(state: SandboxState): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(state));
  if (typeof CompressionStream === 'undefined') return `0.${toBase64Url(json)}`;
  return `1.${toBase64Url(await pipe(json, new CompressionStream('deflate-raw')))}`;
}

/** The state in `encoded`, or undefined when it cannot be read (never throws). */
export async function decodeState(encoded: string): Promise<SandboxState | undefined> {
  try {
    const [format, data] = encoded.split('.', 2);
    if (!data || (format !== '0' && format !== '1')) return undefined;
    let bytes = fromBase64Url(data);
    if (format === '1') {
      if (typeof DecompressionStream === 'undefined') return undefined;
      bytes = await pipe(bytes, new DecompressionStream('deflate-raw'));
    }
    return readState(JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    return undefined;
  }
}

/** The encoded state in a location hash, if it carries one. */
export function stateFromHash(hash: string): string | undefined {
  const match = new RegExp(`(?:^#|&)${HASH_KEY}=([^&]+)`).exec(hash);
  return match ? match[1] : undefined;
}

export function hashFor(encoded: string): string {
  return `#${HASH_KEY}=${encoded}`;
}
