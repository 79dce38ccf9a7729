import { useAtomValue } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { whiteLabelAtom } from '../state/session';
import { currentEntry, menuAtom } from '../state/menu';
import type { ManifestRoute } from '../generated/manifest';
import { Header } from './Header';
import { SideMenu } from './SideMenu';
import { Breadcrumb } from './Breadcrumb';
import { VersionBanner } from './VersionBanner';
import { SkipLinks } from './SkipLinks';
import { AudienceMeasurement, hasAudienceMeasurement } from './AudienceMeasurement';
import { t } from '../lib/messages';
import { usePageTitleValue } from './page-title';
import { tabTitle } from './theme';

function useScrollOnNavigate(): void {
  const location = useLocation();
  useEffect(() => {
    // After the new screen has rendered: the anchor if any, else the top (spec 01 §2, 100 ms).
    const timer = setTimeout(() => {
      const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
      if (target) target.scrollIntoView();
      else window.scrollTo(0, 0);
    }, 100);
    return () => clearTimeout(timer);
  }, [location.pathname, location.hash]);
}

// In a frame on another site, a browser that blocks third-party storage throws on any use of
// localStorage: the menu then simply starts unfolded.
function readFolded(): boolean {
  try {
    return localStorage.getItem('renovation.menuFolded') === '1';
  } catch {
    return false;
  }
}

function saveFolded(folded: boolean): void {
  try {
    localStorage.setItem('renovation.menuFolded', folded ? '1' : '0');
  } catch {
    /* not kept: see readFolded */
  }
}

/** The web layout: header, side menu, breadcrumb and title, the screen, white-label footer. */
export function AppShell({ route, children }: { route: ManifestRoute; children: ReactNode }) {
  const wl = useAtomValue(whiteLabelAtom);
  const items = useAtomValue(menuAtom);
  const pageTitle = usePageTitleValue();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [askingConsent, setAskingConsent] = useState(false);
  const [folded, setFolded] = useState(() => readFolded());
  useScrollOnNavigate();
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    const entry = currentEntry(items, location.pathname)?.entry.label;
    document.title = tabTitle([pageTitle ?? route.title, entry], wl?.siteTitle, Boolean(wl?.reverseTabTitle));
  }, [items, location.pathname, pageTitle, route.title, wl]);
  const hasMenu = wl?.hasMenu !== false;
  const toggleFold = () => {
    setFolded((f) => {
      saveFolded(!f);
      return !f;
    });
  };
  return (
    <div className={`app${folded ? ' menu-folded' : ''}${hasMenu ? '' : ' no-menu'}`}>
      <SkipLinks hasMenu={hasMenu} />
      <VersionBanner />
      <Header
        onToggleMenu={() => setOpen((o) => !o)}
        menuOpen={open}
        folded={folded}
        onToggleFold={toggleFold}
        whiteLabelHeader={wl?.hasMainHeader !== false && typeof wl?.header === 'string' ? wl.header : ''}
      />
      <div className="app-body">
        {hasMenu && <SideMenu open={open} onNavigate={() => setOpen(false)} />}
        {open && <div className="menu-backdrop" onClick={() => setOpen(false)} aria-hidden="true" />}
        <main id="main" tabIndex={-1}>
          <Breadcrumb route={route} />
          <div className="screen">{children}</div>
        </main>
      </div>
      {((typeof wl?.footer === 'string' && wl.footer) || hasAudienceMeasurement(wl)) && (
        <footer className="app-footer">
          {typeof wl?.footer === 'string' && wl.footer && <div dangerouslySetInnerHTML={{ __html: wl.footer }} />}
          {hasAudienceMeasurement(wl) && (
            <p>
              <button type="button" className="link-button" onClick={() => setAskingConsent(true)}>
                {t('shell.consent_change')}
              </button>
            </p>
          )}
        </footer>
      )}
      <AudienceMeasurement asking={askingConsent} onAnswered={() => setAskingConsent(false)} />
    </div>
  );
}
