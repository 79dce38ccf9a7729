import { Router } from 'express';
import type { AppContext, RequestContext } from '../../context';
import { message } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { HttpError } from '../../http/http-error';
import { findOne } from '../../operations/find-one';
import { entityOf } from '../../operations/entity-access';
import { visibleRows } from '../../operations/find';
import { listRecipients, type RecipientList, type RecipientRows } from '../../../engine/file-area/list-recipients';
import { toCsv } from '../../../engine/export/csv-writer';

const ids = (v: unknown): number[] => {
  const list = typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
  return Array.isArray(list) ? list.filter((x): x is number => Number.isInteger(x)) : [];
};

/** What a list's recipients are computed from, as the caller may see it (their structures' rows). */
async function recipientRows(ctx: RequestContext): Promise<RecipientRows> {
  const lists = (await visibleRows(ctx, entityOf(ctx, 'contact-list'))
    .select(['pk', 'use_organizations_as_contacts', 'contacts', 'organizations', 'tags', 'lists'])
    .execute()) as Record<string, unknown>[];
  const contacts = (await visibleRows(ctx, entityOf(ctx, 'contact')).select(['pk', 'tags']).execute()) as {
    pk: number;
    tags: unknown;
  }[];
  const organizations = (await visibleRows(ctx, entityOf(ctx, 'organization')).select(['pk', 'tags']).execute()) as {
    pk: number;
    tags: unknown;
  }[];
  const memberships = (await visibleRows(ctx, entityOf(ctx, 'membership'))
    .select(['contact', 'organization'])
    .execute()) as { contact: number; organization: number }[];
  return {
    lists: lists.map((l): RecipientList => ({
      pk: Number(l.pk),
      useOrganizationsAsContacts: Boolean(l.use_organizations_as_contacts),
      contacts: ids(l.contacts),
      organizations: ids(l.organizations),
      tags: ids(l.tags),
      lists: ids(l.lists),
    })),
    contactTags: contacts.flatMap((c) => ids(c.tags).map((tag) => ({ contact: c.pk, tag }))),
    organizationTags: organizations.flatMap((o) => ids(o.tags).map((tag) => ({ organization: o.pk, tag }))),
    memberships,
  };
}

export interface RecipientLine {
  kind: 'contact' | 'organization';
  pk: number;
  lastName: string;
  firstName: string;
  email: string;
  acceptsNewsletters: boolean;
  phone: string;
  tags: string[];
}

/** The recipients with what the CSV of reference §9.3 and the screen show. */
export async function recipientLines(ctx: RequestContext, pk: number): Promise<RecipientLine[]> {
  const recipients = listRecipients(pk, await recipientRows(ctx));
  const contactPks = recipients.filter((r) => r.kind === 'contact').map((r) => r.pk);
  const organizationPks = recipients.filter((r) => r.kind === 'organization').map((r) => r.pk);
  const contacts = contactPks.length
    ? ((await visibleRows(ctx, entityOf(ctx, 'contact'))
        .select(['pk', 'last_name', 'first_name', 'email', 'accepts_newsletters', 'phone', 'mobile_phone', 'tags'])
        .where('pk', 'in', contactPks)
        .execute()) as Record<string, unknown>[])
    : [];
  const organizations = organizationPks.length
    ? ((await visibleRows(ctx, entityOf(ctx, 'organization'))
        .select(['pk', 'name', 'email', 'accepts_newsletters', 'phone', 'tags'])
        .where('pk', 'in', organizationPks)
        .execute()) as Record<string, unknown>[])
    : [];
  const tags = new Map(
    (
      (await visibleRows(ctx, entityOf(ctx, 'tag')).select(['pk', 'name']).execute()) as { pk: number; name: string }[]
    ).map((t) => [t.pk, t.name]),
  );
  const byPk = (rows: Record<string, unknown>[]) => new Map(rows.map((r) => [Number(r.pk), r]));
  const contactRows = byPk(contacts);
  const organizationRows = byPk(organizations);
  const out: RecipientLine[] = [];
  for (const r of recipients) {
    const row = (r.kind === 'contact' ? contactRows : organizationRows).get(r.pk);
    if (!row) continue;
    out.push({
      kind: r.kind,
      pk: r.pk,
      lastName: String((r.kind === 'contact' ? row.last_name : row.name) ?? ''),
      firstName: r.kind === 'contact' ? String(row.first_name ?? '') : '',
      email: String(row.email ?? ''),
      acceptsNewsletters: Boolean(row.accepts_newsletters),
      phone: String(row.phone || row.mobile_phone || ''),
      tags: ids(row.tags).flatMap((t) => (tags.has(t) ? [tags.get(t)!] : [])),
    });
  }
  return out;
}

/**
 * GET /api/v1/fac/list/{pk}/recipients/ (reference §8.2, §9.3): who a list reaches — contacts,
 * organisations, tags and nested lists resolved (engine/file-area/list-recipients.ts), each
 * recipient once — as JSON with the count, or as CSV with `?format=csv`.
 */
export function listRecipientsRouter(app: AppContext): Router {
  const router = Router();
  router.get(
    '/api/v1/fac/list/:pk/recipients/',
    asyncHandler(async (req, res) => {
      const list = await findOne(req.ctx, 'contact-list', req.params.pk);
      const lines = await recipientLines(req.ctx, list.pk as number);
      const format = req.query.format;
      if (format === undefined) {
        res.json({ count: lines.length, recipients: lines });
        return;
      }
      if (format !== 'csv')
        throw new HttpError(400, 'bad_format', message(app, 'errors.export.format', { format: String(format) }));
      const csv = toCsv(
        ['Nom', 'Prénom', 'Courriel', 'Accepte de recevoir des newsletters', 'Téléphone', 'Tags'],
        lines.map((l) => [
          l.lastName,
          l.firstName,
          l.email,
          l.acceptsNewsletters ? 'Oui' : 'Non',
          l.phone,
          l.tags.join(', '),
        ]),
      );
      res
        .type('text/csv; charset=utf-8')
        .set('content-disposition', `attachment; filename="destinataires-liste-${list.pk}.csv"`)
        .send(csv);
    }),
  );
  return router;
}
