// IP addresses as numbers, for the outbound policy (docs/security.md, « Outbound connections »):
// an address is classified and matched against networks by value, never by its spelling
// (`::ffff:127.0.0.1`, `::ffff:7f00:1` and `127.0.0.1` are one address).
import { isIP } from 'node:net';

export interface IpAddress {
  version: 4 | 6;
  /** The address as an unsigned number (32 or 128 bits). */
  value: bigint;
}

export interface IpNetwork {
  version: 4 | 6;
  base: bigint;
  /** Prefix length: 0–32 or 0–128. */
  bits: number;
}

function parseIPv4(text: string): bigint {
  return text.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

function parseIPv6(text: string): bigint {
  let groups: number[];
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const expand = (part: string | undefined): number[] => {
    if (!part) return [];
    return part.split(':').flatMap((g) => {
      if (g.includes('.')) {
        const v4 = Number(parseIPv4(g));
        return [v4 >>> 16, v4 & 0xffff];
      }
      return [parseInt(g, 16)];
    });
  };
  const left = expand(head);
  if (tail === undefined) groups = left;
  else {
    const right = expand(tail);
    groups = [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  }
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n);
}

/** An address literal (IPv4, IPv6, with or without brackets or a zone `%eth0`), or null. */
export function parseIp(raw: string): IpAddress | null {
  const text = raw
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '');
  const version = isIP(text);
  if (version === 4) return { version: 4, value: parseIPv4(text) };
  if (version === 6) return { version: 6, value: parseIPv6(text.toLowerCase()) };
  return null;
}

/** `10.0.0.0/8`, `fd00::/8`, or a single address (a /32 or /128 network); null when malformed. */
export function parseNetwork(raw: string): IpNetwork | null {
  const [addressText, bitsText, ...rest] = raw.trim().split('/');
  if (rest.length) return null;
  const address = parseIp(addressText ?? '');
  if (!address) return null;
  const max = address.version === 4 ? 32 : 128;
  if (bitsText !== undefined && !/^\d{1,3}$/.test(bitsText)) return null;
  const bits = bitsText === undefined ? max : Number(bitsText);
  if (bits > max) return null;
  const mask = bits === 0 ? 0n : ((1n << BigInt(bits)) - 1n) << BigInt(max - bits);
  return { version: address.version, base: address.value & mask, bits };
}

export function inNetwork(address: IpAddress, network: IpNetwork): boolean {
  if (address.version !== network.version) return false;
  const max = address.version === 4 ? 32 : 128;
  const shift = BigInt(max - network.bits);
  return address.value >> shift === network.base >> shift;
}

const MAPPED = parseNetwork('::ffff:0:0/96')!;

/** An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) is that IPv4 address; any other is itself. */
export function unmapped(address: IpAddress): IpAddress {
  return inNetwork(address, MAPPED) ? { version: 4, value: address.value & 0xffffffffn } : address;
}
