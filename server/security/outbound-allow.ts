import { inNetwork, parseIp, parseNetwork, unmapped, type IpNetwork } from './ip-address';

/**
 * One entry of OUTBOUND_ALLOW: a host name, an address or a network (CIDR), optionally limited to
 * one port. The operator's word that this destination, though internal, may be reached.
 */
export interface OutboundAllowEntry {
  host?: string;
  network?: IpNetwork;
  port?: number;
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** A host name as compared: lower case, without brackets or the final dot. */
export function normalHost(host: string): string {
  return host
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

function refusedEntry(entry: string): Error {
  return new Error(
    `OUTBOUND_ALLOW : « ${entry} » n'est ni un nom d'hôte, ni une adresse IP, ni un réseau (CIDR), ` +
      'suivi ou non de :port (une adresse IPv6 avec un port s’écrit [::1]:25)',
  );
}

function parseEntry(entry: string): OutboundAllowEntry {
  let body = entry;
  let portText: string | undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) [, body = '', portText] = bracketed;
  else if ((entry.match(/:/g) ?? []).length === 1) [body = '', portText] = entry.split(':');
  let port: number | undefined;
  if (portText !== undefined) {
    port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;
    if (!(port >= 1 && port <= 65535)) throw refusedEntry(entry);
  }
  const network = parseNetwork(body);
  if (network) return { network, port };
  const host = normalHost(body);
  if (bracketed || body.includes('/') || !HOST_NAME.test(host)) throw refusedEntry(entry);
  return { host, port };
}

/**
 * OUTBOUND_ALLOW: entries separated by commas or spaces — `smtp.interne.example`, `10.1.2.3`,
 * `192.168.0.0/16`, `relais.local:587`, `[fd00::25]:25`. A malformed entry stops the start.
 */
export function parseOutboundAllow(raw: string | undefined): OutboundAllowEntry[] {
  return (raw ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(parseEntry);
}

/**
 * Whether the operator allowed connecting to `address` (one of the addresses `host` resolved to)
 * on `port`: an entry naming the host (every address it resolves to), or a network holding the address.
 */
export function allowedByOperator(
  entries: readonly OutboundAllowEntry[],
  target: { host: string; address: string; port: number },
): boolean {
  const ip = parseIp(target.address);
  const host = normalHost(target.host);
  return entries.some((e) => {
    if (e.port !== undefined && e.port !== target.port) return false;
    if (e.host !== undefined) return e.host === host;
    return ip !== null && inNetwork(unmapped(ip), e.network!);
  });
}
