import { useAtomValue } from 'jotai';
import { Link, useNavigate } from 'react-router-dom';
import { profileAtom, signOut, whiteLabelAtom } from '../state/session';
import { t } from '../lib/messages';
import { FoldIcon, MenuIcon, SignOutIcon } from './icons';
import { GlobalMessagesButton, useGlobalMessagesPolling } from './GlobalMessages';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** Baseline, the user's name and structure, messages, and sign-in or sign-out (spec 01 §2). */
export function Header(props: {
  onToggleMenu: () => void;
  menuOpen: boolean;
  folded: boolean;
  onToggleFold: () => void;
  whiteLabelHeader: string;
}) {
  const profile = useAtomValue(profileAtom);
  const wl = useAtomValue(whiteLabelAtom);
  const navigate = useNavigate();
  useGlobalMessagesPolling();
  // One banner landmark: the white label's own header (its HTML) and the application's bar.
  return (
    <header className="app-banner">
      {props.whiteLabelHeader && (
        <div className="white-label-header" dangerouslySetInnerHTML={{ __html: props.whiteLabelHeader }} />
      )}
      <div className="app-header">
        <button
          type="button"
          className="icon-button menu-toggle-mobile"
          aria-expanded={props.menuOpen}
          aria-controls="side-menu"
          aria-label={props.menuOpen ? t('ui.menu_close') : t('ui.menu_open')}
          onClick={props.onToggleMenu}
        >
          <MenuIcon />
        </button>
        <button
          type="button"
          className="icon-button menu-toggle-desktop"
          aria-controls="side-menu"
          aria-label={props.folded ? t('ui.menu_unfold') : t('ui.menu_fold')}
          onClick={props.onToggleFold}
        >
          <FoldIcon folded={props.folded} />
        </button>
        <Link to="/" className="brand">
          <span className="brand-title">{wl?.siteTitle || 'Rénovation'}</span>
          {wl?.siteBaseline && <span className="brand-baseline">{String(wl.siteBaseline)}</span>}
        </Link>
        <div className="header-user">
          {profile ? (
            <>
              <span className="avatar" aria-hidden="true">
                {profile.profilePic ? (
                  <img src={profile.profilePic} alt="" />
                ) : (
                  initials(profile.fullName || profile.email)
                )}
              </span>
              <span className="user-names">
                <span className="user-name">
                  {profile.fullName || profile.email}
                  {!profile.isActive && ` ${t('ui.inactive_suffix')}`}
                </span>
                {profile.group && <span className="user-group">{profile.group.name}</span>}
              </span>
              <GlobalMessagesButton />
              <button
                type="button"
                className="icon-button"
                aria-label={t('ui.sign_out')}
                title={t('ui.sign_out')}
                onClick={() => {
                  void signOut().then(() => navigate('/mon-compte/connexion'));
                }}
              >
                <SignOutIcon />
              </button>
            </>
          ) : (
            <Link className="button button-light" to="/mon-compte/connexion">
              {t('ui.sign_in')}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
