/**
 * Where the national address service is and how patient to be with it:
 * - ADDRESS_API_URL: base URL (default https://api-adresse.data.gouv.fr); "off" or empty: never
 *   called, every answer is local. Under the test runner the default is "off", so that no test
 *   reaches outside the machine unless it names a (local, fake) service itself.
 * - ADDRESS_API_TIMEOUT_MS: per call (default 2 500 ms: the field must stay responsive).
 * - ADDRESS_API_COOLDOWN_MS: calls skipped after a failure (default 30 s).
 */
export interface AddressConfig {
  baseUrl: string;
  timeoutMs: number;
  cooldownMs: number;
}

export const PUBLIC_ADDRESS_API = 'https://api-adresse.data.gouv.fr';

function positive(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return raw !== undefined && raw !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
}

export function addressConfig(env: NodeJS.ProcessEnv = process.env): AddressConfig {
  const raw = env.ADDRESS_API_URL ?? (env.VITEST ? 'off' : PUBLIC_ADDRESS_API);
  return {
    baseUrl: raw === 'off' ? '' : raw.trim(),
    timeoutMs: positive(env.ADDRESS_API_TIMEOUT_MS, 2500),
    cooldownMs: positive(env.ADDRESS_API_COOLDOWN_MS, 30_000),
  };
}
