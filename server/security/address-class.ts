import { inNetwork, parseIp, parseNetwork, unmapped, type IpAddress } from './ip-address';

/**
 * What an address reaches. Only `public` is open to connections a user configures; the rest are
 * the platform's own machine, its networks or no real destination (docs/security.md, « Outbound
 * connections »).
 */
export type AddressClass =
  'public' | 'loopback' | 'private' | 'link-local' | 'cgnat' | 'metadata' | 'unspecified' | 'multicast' | 'reserved';

type Range = [network: string, cls: AddressClass];

/** IPv4, most specific first (the cloud metadata address sits inside link-local). */
const IPV4: Range[] = [
  ['169.254.169.254/32', 'metadata'],
  ['0.0.0.0/8', 'unspecified'],
  ['127.0.0.0/8', 'loopback'],
  ['10.0.0.0/8', 'private'],
  ['172.16.0.0/12', 'private'],
  ['192.168.0.0/16', 'private'],
  ['100.64.0.0/10', 'cgnat'],
  ['169.254.0.0/16', 'link-local'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'], // and 255.255.255.255, the broadcast address
  ['192.0.0.0/24', 'reserved'], // protocol assignments (192.0.0.192 is a metadata address on some clouds)
  ['192.0.2.0/24', 'reserved'], // documentation
  ['198.51.100.0/24', 'reserved'],
  ['203.0.113.0/24', 'reserved'],
  ['198.18.0.0/15', 'reserved'], // benchmarking
  ['192.88.99.0/24', 'reserved'], // former 6to4 relays
];

/** IPv6; the IPv4 forms (mapped, NAT64, 6to4) are classified by the IPv4 address they carry. */
const IPV6: Range[] = [
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['fd00:ec2::254/128', 'metadata'],
  ['fc00::/7', 'private'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'private'], // former site-local
  ['ff00::/8', 'multicast'],
  ['64:ff9b:1::/48', 'private'], // local-use NAT64
  ['::/96', 'reserved'], // former IPv4-compatible addresses
  ['100::/64', 'reserved'], // discard
  ['2001::/32', 'reserved'], // Teredo
  ['2001:10::/28', 'reserved'],
  ['2001:db8::/32', 'reserved'], // documentation
];

const compile = (ranges: Range[]) => ranges.map(([net, cls]) => ({ network: parseNetwork(net)!, cls }));
const V4 = compile(IPV4);
const V6 = compile(IPV6);
const NAT64 = parseNetwork('64:ff9b::/96')!;
const SIX_TO_FOUR = parseNetwork('2002::/16')!;
const GLOBAL_UNICAST = parseNetwork('2000::/3')!;

function classifyIp(address: IpAddress): AddressClass {
  const ip = unmapped(address);
  if (ip.version === 4) return V4.find((r) => inNetwork(ip, r.network))?.cls ?? 'public';
  if (inNetwork(ip, NAT64)) return classifyIp({ version: 4, value: ip.value & 0xffffffffn });
  if (inNetwork(ip, SIX_TO_FOUR)) return classifyIp({ version: 4, value: (ip.value >> 80n) & 0xffffffffn });
  const listed = V6.find((r) => inNetwork(ip, r.network))?.cls;
  if (listed) return listed;
  return inNetwork(ip, GLOBAL_UNICAST) ? 'public' : 'reserved';
}

/** The class of an address literal; anything that is not an address is `reserved` (never connected to). */
export function classifyAddress(raw: string): AddressClass {
  const ip = parseIp(raw);
  return ip ? classifyIp(ip) : 'reserved';
}
