import { useEffect, useMemo, useState } from 'react';
import { api } from '../../api/http';
import { loadCleaner } from '../../runtime/SafeHtml';
import type { BlockPreviewProps } from '../../runtime/types';
import {
  renderNewsletterDocument,
  safeCharter,
  type EventCard,
  type NewsletterBlock,
  type NewsletterView,
} from '../../../engine/newsletters/render-newsletter';
import { formatAppointmentDate } from '../../../engine/templates/format-appointment-date';
import { publicImageUrl } from './newsletter-urls';

type Cleaner = (html: string) => string;
interface FileRef {
  key?: string;
}
interface GroupRecord {
  primaryColor?: string;
  textColor?: string;
  backgroundColor?: string;
  buttonTextColor?: string;
  logo?: FileRef | null;
  logoAlt?: string;
}
interface EventRecord {
  title?: string;
  startDate?: string;
  endDate?: string;
  address?: string;
  pk: number;
}

/** Records read once per preview (a picture or an event chosen again is not asked for again). */
function useRecords<T>(path: string, pks: number[]): Map<number, T | null> {
  const [found, setFound] = useState(() => new Map<number, T | null>());
  const wanted = [...new Set(pks)].filter((pk) => !found.has(pk));
  const key = wanted.join(',');
  useEffect(() => {
    if (!key) return;
    let live = true;
    void Promise.all(
      key.split(',').map((pk) =>
        api<T>(`/${path}/${pk}/`).then(
          (r) => [Number(pk), r] as const,
          () => [Number(pk), null] as const,
        ),
      ),
    ).then((rows) => live && setFound((m) => new Map([...m, ...rows])));
    return () => {
      live = false;
    };
  }, [path, key]);
  return found;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The issue as it will be read and mailed: the engine's own renderer (the one the server's mail and
 * public page use) with the group's charter, the chosen pictures and events, and rich text cleaned
 * by DOMPurify with the server's allow-list. Shown in a sandboxed frame (no script runs, its
 * styles stay inside) and redrawn a moment after typing stops.
 */
export default function NewsletterPreview({ blocks, record }: BlockPreviewProps) {
  const [clean, setClean] = useState<Cleaner | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadCleaner().then(
      (c) => live && setClean(() => c),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  const list = (Array.isArray(blocks) ? blocks : []) as NewsletterBlock[];
  const groupPk = typeof record.newsletterGroup === 'number' ? record.newsletterGroup : null;
  const groups = useRecords<GroupRecord>('infolettres/group-of-newsletters', groupPk ? [groupPk] : []);
  const images = useRecords<{ image?: FileRef | null }>(
    'infolettres/image',
    list.flatMap((b) => (b.type === 'image' && Number.isInteger(b.image) ? [b.image] : [])),
  );
  const events = useRecords<EventRecord>(
    'events/event',
    list.flatMap((b) => (b.type === 'event' && Number.isInteger(b.event) ? [b.event] : [])),
  );
  const group = groupPk ? groups.get(groupPk) : null;
  const title = typeof record.title === 'string' ? record.title : '';

  const doc = useMemo(() => {
    if (!clean) return null;
    const origin = window.location.origin;
    const view: NewsletterView = {
      title,
      blocks: list,
      charter: safeCharter(group ?? {}),
      logoUrl: group?.logo?.key ? publicImageUrl(origin, group.logo.key) : null,
      logoAlt: group?.logoAlt ?? '',
    };
    const now = new Date().toISOString();
    return renderNewsletterDocument(view, {
      clean,
      imageUrl: (pk) => {
        const key = images.get(pk)?.image?.key;
        return key ? publicImageUrl(origin, key) : null;
      },
      event: (pk): EventCard | null => {
        const e = events.get(pk);
        if (!e) return null;
        return {
          title: e.title ?? '',
          when: e.startDate ? formatAppointmentDate(e.startDate, e.endDate ?? '', now) : '',
          where: e.address ?? '',
          url: `${origin}/evenements/inscription/${e.pk}`,
        };
      },
    });
    // `list` is a new array on each render of the form: its content is what counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clean, title, JSON.stringify(list), group, images, events]);

  // Redrawn once typing pauses: a frame reloading on every key would flicker.
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    if (doc === null) return;
    let live = true;
    void wait(shown === null ? 0 : 300).then(() => live && setShown(doc));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc]);

  return (
    <section className="blocks-preview" aria-labelledby="newsletter-preview-title">
      <h3 id="newsletter-preview-title">Aperçu (tel qu’il sera lu et envoyé)</h3>
      {failed ? (
        <p className="notice notice-error" role="alert">
          L’aperçu n’a pas pu être chargé : vérifiez votre connexion puis rechargez la page.
        </p>
      ) : shown === null ? (
        <p className="muted">Préparation de l’aperçu…</p>
      ) : (
        // Sandboxed: no script, no form, no navigation of this page. Same origin only so that the site's own
        // pictures load (they are served with Cross-Origin-Resource-Policy: same-origin); without
        // allow-scripts nothing in the frame can use that origin.
        <iframe
          className="newsletter-preview-frame"
          title="Aperçu de la newsletter"
          sandbox="allow-same-origin"
          srcDoc={shown}
        />
      )}
    </section>
  );
}
