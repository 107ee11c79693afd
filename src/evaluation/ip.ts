/** IPv4 and IPv6 addresses and CIDR ranges, for the remoteAddress strategy and IN_CIDR. */

export interface IpAddress {
  version: 4 | 6;
  /** 4 bytes or 16 bytes. */
  bytes: number[];
}

export interface IpRange {
  address: IpAddress;
  prefix: number;
}

const OCTET = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

export function parseIPv4(text: string): IpAddress | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => OCTET.test(part))) return undefined;
  return {version: 4, bytes: parts.map(Number)};
}

export function parseIPv6(text: string): IpAddress | undefined {
  if (!/^[0-9a-fA-F:.]+$/.test(text)) return undefined;
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groups = (part: string): number[] | undefined => {
    if (part === '') return [];
    const out: number[] = [];
    const pieces = part.split(':');
    for (let i = 0; i < pieces.length; i += 1) {
      const piece = pieces[i]!;
      if (i === pieces.length - 1 && piece.includes('.')) {
        const v4 = parseIPv4(piece);
        if (!v4) return undefined;
        out.push((v4.bytes[0]! << 8) | v4.bytes[1]!, (v4.bytes[2]! << 8) | v4.bytes[3]!);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(piece)) {
        out.push(parseInt(piece, 16));
      } else {
        return undefined;
      }
    }
    return out;
  };
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (!head || !tail) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const all = [...head, ...new Array<number>(missing).fill(0), ...tail];
  return {version: 6, bytes: all.flatMap((group) => [group >> 8, group & 0xff])};
}

export function parseIp(text: string): IpAddress | undefined {
  return parseIPv4(text) ?? parseIPv6(text);
}

/** "10.0.0.0/8", "2001:db8::/32", or a single address (a range of one). */
export function parseRange(text: string): IpRange | undefined {
  const [addressText, prefixText, extra] = text.split('/');
  if (extra !== undefined || addressText === undefined) return undefined;
  const address = parseIp(addressText);
  if (!address) return undefined;
  const max = address.version === 4 ? 32 : 128;
  if (prefixText === undefined) return {address, prefix: max};
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > max) return undefined;
  return {address, prefix: Number(prefixText)};
}

export function rangeContains(range: IpRange, address: IpAddress): boolean {
  if (range.address.version !== address.version) return false;
  for (let bit = 0; bit < range.prefix; bit += 1) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((range.address.bytes[byte]! & mask) !== (address.bytes[byte]! & mask)) return false;
  }
  return true;
}
