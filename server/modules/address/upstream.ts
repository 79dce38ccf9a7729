/**
 * The national address service, called with a short timeout behind a circuit breaker: after a
 * failure, calls are not attempted for a cool-down period (the local answer is used at once),
 * then one request probes the service while the others keep the local answer. So an unreachable
 * service costs one timeout per cool-down, not one per keystroke. The state is per process: it
 * is only an economy, never a correctness matter.
 */

export interface FeatureCollection {
  type: 'FeatureCollection';
  features: Feature[];
  [key: string]: unknown;
}

export interface Feature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] } | null;
  properties: Record<string, unknown>;
}

export interface UpstreamOptions {
  /** Base URL, e.g. https://api-adresse.data.gouv.fr; empty: never called. */
  baseUrl: string;
  timeoutMs: number;
  cooldownMs: number;
  fetchImpl?: typeof fetch;
  now?: () => number;
}

export type UpstreamResult =
  | { ok: true; body: FeatureCollection }
  | { ok: false; reason: 'disabled' | 'circuit_open' | 'timeout' | 'network' | 'status' | 'invalid' };

function isFeatureCollection(v: unknown): v is FeatureCollection {
  return (
    typeof v === 'object' &&
    v !== null &&
    (v as FeatureCollection).type === 'FeatureCollection' &&
    Array.isArray((v as FeatureCollection).features)
  );
}

export class AddressUpstream {
  private openUntil = 0;
  private probing = false;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly options: UpstreamOptions) {
    this.fetchImpl = options.fetchImpl ?? fetch;
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.options.baseUrl !== '';
  }

  /** True while calls are skipped after a failure. */
  get open(): boolean {
    return this.now() < this.openUntil;
  }

  async get(path: '/search/' | '/reverse/', params: Record<string, string | number | null>): Promise<UpstreamResult> {
    if (!this.enabled) return { ok: false, reason: 'disabled' };
    const halfOpen = this.openUntil !== 0;
    if (this.open || (halfOpen && this.probing)) return { ok: false, reason: 'circuit_open' };
    if (halfOpen) this.probing = true;
    const url = new URL(`${this.options.baseUrl.replace(/\/+$/, '')}${path}`);
    for (const [k, v] of Object.entries(params)) if (v !== null && v !== '') url.searchParams.set(k, String(v));
    try {
      const res = await this.fetchImpl(url, {
        signal: AbortSignal.timeout(this.options.timeoutMs),
        headers: { Accept: 'application/json' },
      });
      if (!res.ok) {
        // A refused query (4xx) says nothing about the service's health; overload and errors do.
        if (res.status >= 500 || res.status === 429) this.trip();
        else this.reset();
        return { ok: false, reason: 'status' };
      }
      const body: unknown = await res.json().catch(() => null);
      if (!isFeatureCollection(body)) {
        this.trip();
        return { ok: false, reason: 'invalid' };
      }
      this.reset();
      return { ok: true, body };
    } catch (e) {
      this.trip();
      const name = (e as Error)?.name;
      return { ok: false, reason: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network' };
    } finally {
      this.probing = false;
    }
  }

  private trip(): void {
    this.openUntil = this.now() + this.options.cooldownMs;
  }

  private reset(): void {
    this.openUntil = 0;
  }
}
