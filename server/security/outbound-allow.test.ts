import { describe, expect, it } from 'vitest';
import { allowedByOperator, parseOutboundAllow } from './outbound-allow';

describe('OUTBOUND_ALLOW', () => {
  const entries = parseOutboundAllow(
    '127.0.0.1:2525, 10.0.0.0/8 relais.interne.example  192.168.1.0/24:25,[fd00::25]:587, fd12::/16, Smtp.Local.',
  );
  const allowed = (host: string, address: string, port: number) => allowedByOperator(entries, { host, address, port });

  it('reads hosts, addresses, networks and ports, separated by commas or spaces', () => {
    expect(entries).toHaveLength(7);
    expect(parseOutboundAllow('')).toEqual([]);
    expect(parseOutboundAllow(undefined)).toEqual([]);
  });

  it('allows an address on the listed port only', () => {
    expect(allowed('127.0.0.1', '127.0.0.1', 2525)).toBe(true);
    expect(allowed('127.0.0.1', '127.0.0.1', 22)).toBe(false);
    expect(allowed('127.0.0.2', '127.0.0.2', 2525)).toBe(false);
  });

  it('allows every address and port of a listed network (CIDR)', () => {
    expect(allowed('10.200.3.4', '10.200.3.4', 25)).toBe(true);
    expect(allowed('11.0.0.1', '11.0.0.1', 25)).toBe(false);
    expect(allowed('192.168.1.77', '192.168.1.77', 25)).toBe(true);
    expect(allowed('192.168.1.77', '192.168.1.77', 587)).toBe(false);
    expect(allowed('192.168.2.1', '192.168.2.1', 25)).toBe(false);
    expect(allowed('fd12:abcd::9', 'fd12:abcd::9', 25)).toBe(true);
    expect(allowed('fd13::9', 'fd13::9', 25)).toBe(false);
  });

  it('matches an IPv4 address written as IPv6 like the IPv4 address', () => {
    expect(allowed('::ffff:10.1.1.1', '::ffff:10.1.1.1', 25)).toBe(true);
    expect(allowed('::ffff:7f00:1', '::ffff:7f00:1', 2525)).toBe(true);
  });

  it('allows IPv6 with a port in brackets', () => {
    expect(allowed('fd00::25', 'fd00::25', 587)).toBe(true);
    expect(allowed('fd00::25', 'fd00::25', 25)).toBe(false);
  });

  it('allows every address a listed name resolves to, whatever its case and final dot', () => {
    expect(allowed('relais.interne.example', '172.20.0.5', 25)).toBe(true);
    expect(allowed('RELAIS.interne.example.', '172.20.0.5', 465)).toBe(true);
    expect(allowed('smtp.local', '::1', 25)).toBe(true);
    // Another name resolving to the same address is not the operator's word.
    expect(allowed('autre.example', '172.20.0.5', 25)).toBe(false);
  });

  it('stops the start on a malformed entry, naming it', () => {
    for (const bad of ['10.0.0.0/33', 'hôte.example', 'relais:0', 'relais:70000', '[fd00::1', 'a/b', 'relais:x'])
      expect(() => parseOutboundAllow(bad), bad).toThrow(/OUTBOUND_ALLOW/);
  });
});
