import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { whiteLabelAtom } from '../../state/session';
import { NEWS_PATH, tr } from './listepro-api';

const setting = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The subject the reference's « Contact » link writes (spec 03 §2, top bar). */
export const CONTACT_SUBJECT = 'Demande de contact annuaire des pros';

/**
 * The directory's top bar (spec 03 §2, issue 28 row 3): « Actualités » while the news module is on
 * for this white label, and « Contact », a mail to the white label's directory address. « Être
 * référencé » and « Se connecter » are the search's button and the shell's. Nothing when no link applies.
 */
export function ListeProTopLinks() {
  const wl = useAtomValue(whiteLabelAtom);
  const email = setting(wl?.listeproContactEmail);
  const news = wl?.listeproNewsIsActive === true;
  if (!email && !news) return null;
  const newsName = setting(wl?.listeproNewsName) || tr('news');
  return (
    <nav className="listepro-toplinks" aria-label={tr('top_links')}>
      <ul>
        {news && (
          <li>
            <Link to={NEWS_PATH}>{newsName}</Link>
          </li>
        )}
        {email && (
          <li>
            <a href={`mailto:${email}?subject=${encodeURIComponent(CONTACT_SUBJECT)}`}>{tr('contact')}</a>
          </li>
        )}
      </ul>
    </nav>
  );
}

/**
 * The information links under the search (spec 03 §2 « bottom links »): each an address of the
 * white label's settings (a page of the site, or a document elsewhere, opened in a new tab); a
 * link without an address is not shown.
 */
export function ListeProInfoLinks() {
  const wl = useAtomValue(whiteLabelAtom);
  const links = (
    [
      ['listeproPresentationUrl', 'info_presentation'],
      ['listeproActorsUrl', 'info_actors'],
      ['listeproMissionsUrl', 'info_missions'],
    ] as const
  )
    .map(([key, label]) => ({ href: setting(wl?.[key]), label: tr(label) }))
    .filter((l) => /^(https?:\/\/|\/)/i.test(l.href));
  if (!links.length) return null;
  return (
    <nav className="listepro-infolinks" aria-label={tr('info_links')}>
      <ul>
        {links.map((l) =>
          l.href.startsWith('/') && !l.href.startsWith('//') ? (
            <li key={l.label}>
              <Link to={l.href}>{l.label}</Link>
            </li>
          ) : (
            <li key={l.label}>
              <a href={l.href} target="_blank" rel="noopener noreferrer">
                {l.label}
                <span className="visually-hidden"> {tr('new_tab')}</span>
              </a>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
