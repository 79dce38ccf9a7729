import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { whiteLabelAtom } from '../../state/session';
import './newsletters-public.css';

/**
 * The frame of the public newsletter pages (layout `public-newsletters`: no application menu, as a
 * reader arrives from a mail or a link): the site's name, the page's main content, nothing else.
 */
export function NewslettersPublicFrame({ children }: { children: ReactNode }) {
  const wl = useAtomValue(whiteLabelAtom);
  return (
    <div className="newsletters-public">
      <header className="newsletters-public-header">
        <a href="#contenu" className="skip-link">
          Aller au contenu
        </a>
        <p className="newsletters-public-site">{wl?.siteTitle ?? 'Newsletters'}</p>
      </header>
      <main id="contenu" tabIndex={-1} className="newsletters-public-main">
        {children}
      </main>
    </div>
  );
}
