import { useAtomValue } from 'jotai';
import { whiteLabelAtom } from '../../state/session';
import { useCurrentRoute } from '../../runtime/entity-routes';
import { t } from '../../lib/messages';

/** An external tool in a frame (aid simulator…), its address taken from the white label. */
export default function EmbedScreen() {
  const route = useCurrentRoute();
  const wl = useAtomValue(whiteLabelAtom);
  const url = wl?.[route.params?.urlField ?? ''];
  if (typeof url !== 'string' || !/^https:\/\//.test(url)) {
    return <div className="notice">{t('ui.embed_not_configured')}</div>;
  }
  return (
    <iframe
      className="embed-frame"
      src={url}
      title={route.title ?? t('ui.embed_title')}
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
      referrerPolicy="no-referrer"
    />
  );
}
