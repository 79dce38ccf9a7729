import { describe, expect, it } from 'vitest';
import { loadConfig, parseMilliseconds } from './config';

describe('duration settings', () => {
  it('reads a positive whole number of milliseconds, or the default when unset or empty', () => {
    expect(parseMilliseconds('HTTP_KEEP_ALIVE_TIMEOUT_MS', undefined, 65_000)).toBe(65_000);
    expect(parseMilliseconds('HTTP_KEEP_ALIVE_TIMEOUT_MS', '', 65_000)).toBe(65_000);
    expect(parseMilliseconds('HTTP_KEEP_ALIVE_TIMEOUT_MS', ' 75000 ', 65_000)).toBe(75_000);
    expect(loadConfig({}).keepAliveTimeoutMs).toBe(65_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '30000' }).shutdownTimeoutMs).toBe(30_000);
  });

  it('stops the start with the setting named when the value is not one', () => {
    for (const raw of ['65s', 'abc', '-1', '0', '1.5'])
      expect(() => loadConfig({ HTTP_KEEP_ALIVE_TIMEOUT_MS: raw }), raw).toThrow(
        `HTTP_KEEP_ALIVE_TIMEOUT_MS : un nombre entier positif de millisecondes est attendu, pas « ${raw} »`,
      );
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: 'soon' })).toThrow(/^SHUTDOWN_TIMEOUT_MS : /);
  });
});

describe('OUTBOUND_ALLOW', () => {
  it('allows nothing by default, reads the entries, and stops the start on a malformed one', () => {
    expect(loadConfig({}).outboundAllow).toEqual([]);
    expect(loadConfig({ OUTBOUND_ALLOW: 'relais.local:587, 10.0.0.0/8' }).outboundAllow).toHaveLength(2);
    expect(() => loadConfig({ OUTBOUND_ALLOW: '10.0.0.0/40' })).toThrow(/^OUTBOUND_ALLOW : « 10\.0\.0\.0\/40 »/);
  });
});
