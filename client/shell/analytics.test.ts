import { beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsSettings, CONSENT_DAYS, hitUrl, saveConsent, storedConsent, trackPageView } from './analytics';
import type { WhiteLabel } from '../state/session';

class MemoryStorage {
  private data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, String(v));
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
  clear() {
    this.data.clear();
  }
}
const storage = new MemoryStorage();
vi.stubGlobal('localStorage', storage);
const requested: string[] = [];
vi.stubGlobal(
  'Image',
  class {
    referrerPolicy = '';
    set src(v: string) {
      requested.push(v);
    }
  },
);

const wl = (extra: Record<string, unknown> = {}) =>
  ({
    pk: 1,
    domain: 'localhost',
    siteTitle: 'Rénovation Démo',
    siteBaseline: '',
    matomoUrl: '',
    matomoSiteId: null,
    matomoTrackerFileName: 'piwik',
    ...extra,
  }) as WhiteLabel;
const page = { url: 'https://renovation.example.fr/thermix', title: 'Thermix - Rénovation Démo' };

describe('audience measurement per white label', () => {
  beforeEach(() => {
    storage.clear();
    requested.length = 0;
  });

  it('is off by default: no settings, no question, no request', () => {
    expect(analyticsSettings(wl())).toBeNull();
    expect(analyticsSettings(wl({ matomoUrl: 'https://stats.example.fr' }))).toBeNull();
    expect(analyticsSettings(wl({ matomoSiteId: 3 }))).toBeNull();
    // Not over plain http: the pages visited would travel in clear.
    expect(analyticsSettings(wl({ matomoUrl: 'http://stats.example.fr', matomoSiteId: 3 }))).toBeNull();
    saveConsent('localhost', 'granted');
    expect(trackPageView(wl(), page)).toBe(false);
    expect(requested).toEqual([]);
  });

  it('sends a page view only to the configured server, and only after consent', () => {
    const configured = wl({ matomoUrl: 'https://stats.example.fr/', matomoSiteId: 7 });
    expect(analyticsSettings(configured)).toEqual({ endpoint: 'https://stats.example.fr/piwik.php', siteId: '7' });
    expect(trackPageView(configured, page)).toBe(false);
    saveConsent('localhost', 'denied');
    expect(trackPageView(configured, page)).toBe(false);
    saveConsent('localhost', 'granted');
    expect(trackPageView(configured, page)).toBe(true);
    expect(requested).toHaveLength(1);
    const hit = new URL(requested[0]!);
    expect(hit.origin + hit.pathname).toBe('https://stats.example.fr/piwik.php');
    expect(Object.fromEntries(hit.searchParams)).toMatchObject({
      idsite: '7',
      rec: '1',
      url: page.url,
      action_name: page.title,
    });
    expect(hit.searchParams.get('_id')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('keeps the answer 200 days per white label, then asks again', () => {
    const now = Date.UTC(2025, 0, 1);
    saveConsent('localhost', 'granted', now);
    expect(storedConsent('localhost', now + (CONSENT_DAYS - 1) * 86_400_000)).toBe('granted');
    expect(storedConsent('localhost', now + CONSENT_DAYS * 86_400_000)).toBeNull();
    expect(storedConsent('annuaire.localhost', now)).toBeNull();
    // Refusing forgets the visitor id.
    saveConsent('localhost', 'denied', now);
    expect(JSON.parse(storage.getItem('renovation.analytics.localhost')!)).toEqual({ choice: 'denied', at: now });
  });

  it("builds the tracking address with the white label's tracker file", () => {
    const settings = analyticsSettings(
      wl({ matomoUrl: 'https://stats.example.fr/matomo', matomoSiteId: 2, matomoTrackerFileName: 'matomo.php' }),
    )!;
    const expected = new RegExp(
      /^https:\/\/stats\.example\.fr\/matomo\/matomo\.php\?idsite=2&rec=1&apiv=1&url=.*/.source +
        /&urlref=https%3A%2F%2Fwww\.example\.fr%2F&_id=abcdef0123456789$/.source,
    );
    expect(hitUrl(settings, { ...page, referrer: 'https://www.example.fr/' }, 'abcdef0123456789')).toMatch(expected);
  });
});
