import type { WhiteLabel } from '../state/session';

/**
 * Audience measurement per white label (spec 01 §3: a base url, a site id and a tracker file
 * name; §9: consent kept 200 days). Nothing is sent anywhere unless the white label names its
 * measurement server AND the visitor agreed. The hit is an image request to the Matomo HTTP
 * tracking API (`<url>/<tracker>.php?idsite=…&rec=1…`): no outside script runs in the page, and
 * the page's security policy (images from https:) needs no exception.
 */
export interface AnalyticsSettings {
  endpoint: string;
  siteId: string;
}

export type Consent = 'granted' | 'denied';

export const CONSENT_DAYS = 200;
const DAY_MS = 86_400_000;

/** The white label's settings, or null when it measures nothing (the default). */
export function analyticsSettings(wl: WhiteLabel | null): AnalyticsSettings | null {
  const base = typeof wl?.matomoUrl === 'string' ? wl.matomoUrl.trim().replace(/\/+$/, '') : '';
  const site = wl?.matomoSiteId;
  if (!base || site === null || site === undefined || String(site).trim() === '') return null;
  // Only an https server (or this site itself): a tracker over http would leak the pages visited.
  if (!/^https:\/\/[^/\s]+/i.test(base) && !base.startsWith('/')) return null;
  const file =
    typeof wl?.matomoTrackerFileName === 'string' && /^[\w.-]+$/.test(wl.matomoTrackerFileName.trim())
      ? wl.matomoTrackerFileName.trim().replace(/\.php$/, '')
      : 'matomo';
  return { endpoint: `${base}/${file}.php`, siteId: String(site).trim() };
}

interface StoredConsent {
  choice: Consent;
  at: number;
  visitor?: string;
}

function key(domain: string): string {
  return `renovation.analytics.${domain}`;
}

function read(domain: string): StoredConsent | null {
  try {
    const raw = localStorage.getItem(key(domain));
    const parsed = raw ? (JSON.parse(raw) as StoredConsent) : null;
    return parsed && (parsed.choice === 'granted' || parsed.choice === 'denied') && Number.isFinite(parsed.at)
      ? parsed
      : null;
  } catch {
    return null;
  }
}

/** The visitor's choice for this white label, while younger than 200 days; null: ask. */
export function storedConsent(domain: string, now = Date.now()): Consent | null {
  const c = read(domain);
  return c && now - c.at < CONSENT_DAYS * DAY_MS ? c.choice : null;
}

function randomVisitor(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function saveConsent(domain: string, choice: Consent, now = Date.now()): void {
  try {
    // The visitor id exists only with consent; refusing forgets it.
    const visitor = choice === 'granted' ? (read(domain)?.visitor ?? randomVisitor()) : undefined;
    localStorage.setItem(key(domain), JSON.stringify({ choice, at: now, visitor }));
  } catch {
    /* storage refused: the question comes back next time, nothing is measured meanwhile */
  }
}

/** The address of one page-view hit (Matomo HTTP tracking API). */
export function hitUrl(
  settings: AnalyticsSettings,
  page: { url: string; title: string; referrer?: string },
  visitor?: string,
): string {
  const params = new URLSearchParams({
    idsite: settings.siteId,
    rec: '1',
    apiv: '1',
    url: page.url,
    action_name: page.title,
    rand: String(Math.floor(Math.random() * 1e9)),
  });
  if (page.referrer) params.set('urlref', page.referrer);
  if (visitor) params.set('_id', visitor);
  return `${settings.endpoint}?${params.toString()}`;
}

/** Records one page view, if and only if measured and agreed to. */
export function trackPageView(wl: WhiteLabel | null, page: { url: string; title: string; referrer?: string }): boolean {
  const settings = analyticsSettings(wl);
  if (!settings || !wl || storedConsent(wl.domain) !== 'granted') return false;
  const image = new Image();
  image.referrerPolicy = 'no-referrer-when-downgrade';
  image.src = hitUrl(settings, page, read(wl.domain)?.visitor);
  return true;
}
