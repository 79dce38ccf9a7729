import type { AppContext } from '../../context';
import { cleanHtml } from '../../security/sanitize-html';
import { formatAppointmentDate } from '../../../engine/templates/format-appointment-date';
import {
  safeCharter,
  type BlockResolver,
  type EventCard,
  type NewsletterBlock,
  type NewsletterView,
} from '../../../engine/newsletters/render-newsletter';
import { eventLocation } from '../events/event-mails';
import { loadEvent } from '../events/event-registrations';

export const NEWSLETTERS_PUBLIC = '/api/v1/infolettres/public';

/** A JSON column as read: text on SQLite, parsed on PostgreSQL. */
export function jsonOf(v: unknown): unknown {
  if (typeof v !== 'string') return v ?? null;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return null;
  }
}

/** The public address of a stored newsletter picture (its file key is the unguessable part). */
export function imageUrl(origin: string, key: string): string {
  return `${origin}${NEWSLETTERS_PUBLIC}/image/${key}/`;
}

export interface IssueRows {
  issue: { pk: number; title: string; blocks: NewsletterBlock[]; group: number | null };
  view: NewsletterView;
  resolver: BlockResolver;
}

/**
 * Everything an issue's HTML needs, read once: its group's charter and logo, the structure's
 * pictures its image blocks name, and the events its event cards name (with links to their
 * public registration page on `origin`). Pictures of another structure are left out.
 */
export async function loadIssue(app: AppContext, pk: number, origin: string): Promise<IssueRows | null> {
  const db = app.database.db;
  const n = await db.selectFrom('newsletters_newsletter').selectAll().where('pk', '=', pk).executeTakeFirst();
  if (!n) return null;
  const gon = await db
    .selectFrom('newsletters_group_of_newsletters')
    .selectAll()
    .where('pk', '=', n.newsletter_group ?? 0)
    .executeTakeFirst();
  const blocks = (Array.isArray(jsonOf(n.blocks)) ? jsonOf(n.blocks) : []) as NewsletterBlock[];
  const imagePks = blocks.flatMap((b) => (b.type === 'image' && Number.isInteger(b.image) ? [b.image] : []));
  const images = new Map<number, string>();
  if (imagePks.length) {
    const rows = await db
      .selectFrom('newsletters_image')
      .select(['pk', 'image', 'group'])
      .where('pk', 'in', imagePks)
      .execute();
    for (const r of rows) {
      const ref = jsonOf(r.image) as { key?: string } | null;
      if (ref?.key && r.group === n.group) images.set(r.pk, imageUrl(origin, ref.key));
    }
  }
  const events = new Map<number, EventCard>();
  const now = new Date().toISOString();
  for (const b of blocks) {
    if (b.type !== 'event' || !Number.isInteger(b.event) || events.has(b.event)) continue;
    const e = await loadEvent(db, b.event);
    // Only a public event of the same structure: a card must not reveal an internal meeting.
    if (!e || e.is_public !== 1 || e.group !== n.group) continue;
    events.set(b.event, {
      title: e.title ?? '',
      when: formatAppointmentDate(e.start_date ?? '', e.end_date ?? '', now),
      where: await eventLocation(app, e),
      url: `${origin}/evenements/inscription/${e.pk}`,
    });
  }
  const logo = jsonOf(gon?.logo) as { key?: string } | null;
  return {
    issue: { pk: n.pk, title: n.title ?? '', blocks, group: n.group },
    view: {
      title: n.title ?? '',
      blocks,
      charter: safeCharter({
        primaryColor: gon?.primary_color,
        textColor: gon?.text_color,
        backgroundColor: gon?.background_color,
        buttonTextColor: gon?.button_text_color,
      }),
      logoUrl: logo?.key ? imageUrl(origin, logo.key) : null,
      logoAlt: gon?.logo_alt ?? '',
    },
    resolver: {
      clean: cleanHtml,
      imageUrl: (p) => images.get(p) ?? null,
      event: (p) => events.get(p) ?? null,
    },
  };
}
