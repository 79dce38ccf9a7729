import { describe, expect, it } from 'vitest';
import { addressConfig, PUBLIC_ADDRESS_API } from './address-config';

describe('addressConfig', () => {
  it('calls the public service by default, never under the test runner unless told, and "off" turns it off', () => {
    expect(addressConfig({}).baseUrl).toBe(PUBLIC_ADDRESS_API);
    expect(addressConfig({ VITEST: 'true' }).baseUrl).toBe('');
    expect(addressConfig({ VITEST: 'true', ADDRESS_API_URL: 'http://127.0.0.1:7000' }).baseUrl).toBe(
      'http://127.0.0.1:7000',
    );
    expect(addressConfig({ ADDRESS_API_URL: 'off' }).baseUrl).toBe('');
  });

  it('keeps a short timeout and a 30 s cool-down unless valid numbers are given', () => {
    expect(addressConfig({})).toMatchObject({ timeoutMs: 2500, cooldownMs: 30_000 });
    expect(addressConfig({ ADDRESS_API_TIMEOUT_MS: '800', ADDRESS_API_COOLDOWN_MS: 'x' })).toMatchObject({
      timeoutMs: 800,
      cooldownMs: 30_000,
    });
  });
});
