import { describe, expect, it } from 'vitest';
import { classifyAddress } from './address-class';

describe('the class of an address an outbound connection would reach', () => {
  it('classifies IPv4', () => {
    const cases: [string, string][] = [
      ['93.184.215.14', 'public'],
      ['8.8.8.8', 'public'],
      ['127.0.0.1', 'loopback'],
      ['127.255.255.254', 'loopback'],
      ['10.1.2.3', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['172.32.0.1', 'public'],
      ['192.168.1.10', 'private'],
      ['100.64.0.1', 'cgnat'],
      ['100.100.100.200', 'cgnat'],
      ['169.254.169.254', 'metadata'],
      ['169.254.1.1', 'link-local'],
      ['0.0.0.0', 'unspecified'],
      ['224.0.0.1', 'multicast'],
      ['239.255.255.250', 'multicast'],
      ['255.255.255.255', 'reserved'],
      ['192.0.2.1', 'reserved'],
      ['198.18.0.1', 'reserved'],
    ];
    for (const [address, cls] of cases) expect(classifyAddress(address), address).toBe(cls);
  });

  it('classifies IPv6', () => {
    const cases: [string, string][] = [
      ['2a00:1450:4007:80e::200e', 'public'],
      ['::1', 'loopback'],
      ['::', 'unspecified'],
      ['fd00:ec2::254', 'metadata'],
      ['fd12:3456::1', 'private'],
      ['fc00::1', 'private'],
      ['fe80::1', 'link-local'],
      ['fe80::1%eth0', 'link-local'],
      ['[fe80::1]', 'link-local'],
      ['ff02::1', 'multicast'],
      ['2001:db8::1', 'reserved'],
      ['2001:0:4136:e378::1', 'reserved'],
      ['3fff::1', 'public'],
      ['4000::1', 'reserved'],
    ];
    for (const [address, cls] of cases) expect(classifyAddress(address), address).toBe(cls);
  });

  it('classifies an IPv4 address written as IPv6 by the IPv4 address it carries', () => {
    expect(classifyAddress('::ffff:127.0.0.1')).toBe('loopback');
    expect(classifyAddress('::ffff:7f00:1')).toBe('loopback');
    expect(classifyAddress('::FFFF:169.254.169.254')).toBe('metadata');
    expect(classifyAddress('::ffff:10.0.0.1')).toBe('private');
    expect(classifyAddress('::ffff:8.8.8.8')).toBe('public');
    // NAT64 and 6to4 reach the IPv4 address they embed.
    expect(classifyAddress('64:ff9b::a00:1')).toBe('private');
    expect(classifyAddress('64:ff9b::808:808')).toBe('public');
    expect(classifyAddress('2002:7f00:1::1')).toBe('loopback');
    expect(classifyAddress('2002:808:808::1')).toBe('public');
    // The old IPv4-compatible form reaches nothing public.
    expect(classifyAddress('::127.0.0.1')).toBe('reserved');
  });

  it('never calls something that is not an address public', () => {
    for (const text of ['localhost', '', '1.2.3', '999.1.1.1', 'example.org'])
      expect(classifyAddress(text)).toBe('reserved');
  });
});
