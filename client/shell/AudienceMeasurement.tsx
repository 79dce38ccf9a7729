import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { whiteLabelAtom } from '../state/session';
import { analyticsSettings, saveConsent, storedConsent, trackPageView, type Consent } from './analytics';
import { t } from '../lib/messages';

/**
 * The consent question and the page-view hits of the white label's audience measurement. Renders
 * nothing, asks nothing and sends nothing when the white label does not configure one.
 */
export function AudienceMeasurement({ asking, onAnswered }: { asking: boolean; onAnswered: () => void }) {
  const wl = useAtomValue(whiteLabelAtom);
  const location = useLocation();
  const settings = analyticsSettings(wl);
  const domain = wl?.domain ?? '';
  const [consent, setConsent] = useState<Consent | null>(() => (settings ? storedConsent(domain) : null));
  useEffect(() => setConsent(settings ? storedConsent(domain) : null), [domain, Boolean(settings)]);
  useEffect(() => {
    if (!settings || consent !== 'granted') return;
    // After the screen has set its title (AppShell does it in an effect).
    const timer = setTimeout(
      () =>
        trackPageView(wl, {
          url: window.location.href,
          title: document.title,
          referrer: document.referrer || undefined,
        }),
      300,
    );
    return () => clearTimeout(timer);
  }, [location.pathname, consent, settings?.endpoint]);
  if (!settings || (consent !== null && !asking)) return null;
  const answer = (choice: Consent) => {
    saveConsent(domain, choice);
    setConsent(choice);
    onAnswered();
  };
  const site = String(wl?.siteTitle || domain);
  return (
    <aside className="consent-banner" aria-labelledby="consent-banner-title">
      <h2 id="consent-banner-title">{t('shell.consent_title')}</h2>
      <p>{t('shell.consent_text', { site })}</p>
      <div className="consent-actions">
        <button type="button" className="button button-primary" onClick={() => answer('granted')}>
          {t('shell.consent_accept')}
        </button>
        <button type="button" className="button" onClick={() => answer('denied')}>
          {t('shell.consent_refuse')}
        </button>
      </div>
    </aside>
  );
}

/** In the footer, only where a measurement is configured: the way back to the question. */
export function hasAudienceMeasurement(wl: Parameters<typeof analyticsSettings>[0]): boolean {
  return analyticsSettings(wl) !== null;
}
