import { useAtomValue } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { whiteLabelAtom } from '../state/session';
import type { ManifestRoute } from '../generated/manifest';
import { usePageTitleValue } from './page-title';
import { tabTitle } from './theme';

/**
 * The layouts without the application's frame (pdf, embeddable pages, public newsletters): the
 * screen alone, and the tab title — page and site title, as the web layout writes it — which
 * would otherwise stay the one of the page before (or « Chargement… » in a frame).
 */
export function BareLayout({ route, children }: { route: ManifestRoute; children: ReactNode }) {
  const wl = useAtomValue(whiteLabelAtom);
  const pageTitle = usePageTitleValue();
  useEffect(() => {
    document.title = tabTitle([pageTitle ?? route.title], wl?.siteTitle, Boolean(wl?.reverseTabTitle));
  }, [pageTitle, route.title, wl]);
  return <div className={`layout-${route.layout}`}>{children}</div>;
}
