import { useAtomValue } from 'jotai';
import { serverVersionAtom } from '../state/store';
import { t } from '../lib/messages';

/** Shown when the server and this page's versions are both known and differ (spec 01 §4). */
export function VersionBanner() {
  const server = useAtomValue(serverVersionAtom);
  if (!server || server === 'undefined' || server === __APP_VERSION__) return null;
  return (
    <div className="version-banner" role="alert">
      <p>
        <strong>{t('errors.new_version', { version: server })}</strong> — {t('errors.new_version_hint')}
      </p>
      <p>
        {/* A new tab loads the new version, whose « Nouveautés » page describes it; this tab keeps the work. */}
        <a href="/nouveautes" target="_blank" rel="noopener">
          {t('ui.new_version_changelog')}
        </a>
        {' · '}
        <button type="button" className="link-button" onClick={() => window.location.reload()}>
          {t('ui.new_version_reload')}
        </button>
      </p>
    </div>
  );
}
