import { Router, type Request } from 'express';
import { sql } from 'kysely';
import type { AppContext, RequestContext } from '../../context';
import { notFound } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { bookingLimiter } from '../booking/rate-limits';
import { siteOrigin } from '../accounts/account-mails';
import { isFileKey } from '../../storage/file-key';
import { assertModuleEnabled, entityOf } from '../../operations/entity-access';
import { declaredAccept } from '../files/file-entities';
import { sendStoredFile } from '../files/send-stored-file';
import { update } from '../../operations/write';
import { systemContext } from '../../seed/system-context';
import { isPublished, newsletterCss, renderNewsletterBody } from '../../../engine/newsletters/render-newsletter';
import { jsonOf, loadIssue, NEWSLETTERS_PUBLIC } from './newsletter-view';
import { startSending } from './newsletter-sending';
import './newsletter-sending';

function originOf(app: AppContext, req: Request): string {
  return siteOrigin(app, req.ctx.whiteLabel.domain ?? 'localhost', { requestHost: req.get('host') });
}

/** The public newsletter pages of a domain whose white label has « Newsletters publiques » off answer 404. */
function assertPublicEnabled(ctx: RequestContext): void {
  if (ctx.whiteLabel.modules.newslettersPublic !== true) throw notFound(ctx);
}

const flag = (v: unknown) => v === 1 || v === true;

/**
 * Newsletters: the « Envoyer » action of the staff, and the public side — a structure's published
 * issues, one issue drawn from its blocks, the pictures (by their secret file key: mails show
 * them too) and the unsubscribe link of each mail (its secret is the only key).
 */
export function newslettersRouter(app: AppContext): Router {
  const router = Router();
  const links = bookingLimiter(app, 'newsletters-link', (s) => s.linkCallsPerIp);
  const db = () => app.database.db;

  router.post(
    '/api/v1/infolettres/newsletter/:pk/send/',
    asyncHandler(async (req, res) => {
      if (req.ctx.user.anonymous) throw notFound(req.ctx);
      res.status(201).json(await startSending(req.ctx, req.params.pk, req.body, originOf(app, req)));
    }),
  );

  router.get(
    `${NEWSLETTERS_PUBLIC}/image/:key/`,
    asyncHandler(async (req, res) => {
      // The module flag, as every other route of the module; the secret key (a random UUID that only
      // the issues and mails showing the picture carry) stands for the record's view right.
      assertModuleEnabled(req.ctx, entityOf(req.ctx, 'newsletter-image'));
      const key = String(req.params.key);
      if (!isFileKey(key)) throw notFound(req.ctx);
      const like = `%${key}%`;
      const image = await db()
        .selectFrom('newsletters_image')
        .select(['image'])
        // A JSON column (jsonb on PostgreSQL, where LIKE needs text); the key is checked exactly below.
        .where(sql<string>`cast(${sql.ref('image')} as text)`, 'like', like)
        .executeTakeFirst();
      const logo = image
        ? undefined
        : await db()
            .selectFrom('newsletters_group_of_newsletters')
            .select(['logo as image'])
            .where(sql<string>`cast(${sql.ref('logo')} as text)`, 'like', like)
            .executeTakeFirst();
      const ref = jsonOf((image ?? logo)?.image) as { key?: string } | null;
      if (!ref || ref.key !== key) throw notFound(req.ctx);
      // Pictures of mails and public issues: inline only when the bytes are a raster picture the
      // property accepts (docs/files.md); cached a day, as mail clients fetch them again and again.
      await sendStoredFile(req.ctx, res, ref, {
        purpose: 'image',
        accept: image
          ? declaredAccept(app, 'newsletter-image', 'image')
          : declaredAccept(app, 'newsletter-group', 'logo'),
        cacheControl: 'public, max-age=86400',
      });
    }),
  );

  router.get(
    `${NEWSLETTERS_PUBLIC}/unsubscribe/:token/`,
    links,
    asyncHandler(async (req, res) => {
      const d = await deliveryByToken(app, String(req.params.token));
      if (!d) throw notFound(req.ctx);
      res.json({ email: d.email, newsletter: d.subject, unsubscribed: !(await accepts(app, d)) });
    }),
  );

  router.post(
    `${NEWSLETTERS_PUBLIC}/unsubscribe/:token/`,
    links,
    asyncHandler(async (req, res) => {
      const d = await deliveryByToken(app, String(req.params.token));
      if (!d) throw notFound(req.ctx);
      // Through the generic update, so that the record's history and search columns follow.
      if (d.contact !== null) await update(systemContext(app), 'contact', d.contact, { acceptsNewsletters: false });
      else if (d.organization !== null)
        await update(systemContext(app), 'organization', d.organization, { acceptsNewsletters: false });
      res.json({ email: d.email, unsubscribed: true });
    }),
  );

  router.get(
    `${NEWSLETTERS_PUBLIC}/:groupSlug/`,
    asyncHandler(async (req, res) => {
      assertPublicEnabled(req.ctx);
      const group = await db()
        .selectFrom('account_group')
        .select(['pk', 'name'])
        .where('slug', '=', String(req.params.groupSlug))
        .executeTakeFirst();
      if (!group) throw notFound(req.ctx);
      const now = new Date();
      const gons = await db()
        .selectFrom('newsletters_group_of_newsletters')
        .selectAll()
        .where('group', '=', group.pk)
        .where('is_active', '=', 1)
        .where('is_public', '=', 1)
        .orderBy('title')
        .execute();
      const out = [];
      for (const g of gons) {
        const issues = await db()
          .selectFrom('newsletters_newsletter')
          .select(['pk', 'slug', 'title', 'description', 'publication_start_date', 'publication_end_date'])
          .select(['is_active', 'is_public'])
          .where('newsletter_group', '=', g.pk)
          .orderBy('publication_start_date', 'desc')
          .execute();
        const published = issues.filter((i) =>
          isPublished(
            { isActive: true, isPublic: true },
            {
              isActive: flag(i.is_active),
              isPublic: flag(i.is_public),
              publicationStartDate: i.publication_start_date,
              publicationEndDate: i.publication_end_date,
            },
            now,
          ),
        );
        if (published.length === 0) continue;
        out.push({
          pk: g.pk,
          slug: g.slug,
          title: g.title,
          description: g.description ?? '',
          newsletters: published.map((i) => ({
            pk: i.pk,
            slug: i.slug,
            title: i.title,
            description: i.description ?? '',
            publicationStartDate: i.publication_start_date,
          })),
        });
      }
      res.json({ group: { name: group.name }, groups: out });
    }),
  );

  router.get(
    `${NEWSLETTERS_PUBLIC}/:groupSlug/:gonSlug/:slug/:pk/`,
    asyncHandler(async (req, res) => {
      assertPublicEnabled(req.ctx);
      const pk = Number(req.params.pk);
      if (!Number.isSafeInteger(pk) || pk <= 0) throw notFound(req.ctx);
      const row = await db()
        .selectFrom('newsletters_newsletter as n')
        .innerJoin('newsletters_group_of_newsletters as g', 'g.pk', 'n.newsletter_group')
        .innerJoin('account_group as s', 's.pk', 'g.group')
        .select(['n.slug', 'n.is_active', 'n.is_public', 'n.publication_start_date', 'n.publication_end_date'])
        .select([
          'g.slug as gon_slug',
          'g.title as gon_title',
          'g.is_active as gon_active',
          'g.is_public as gon_public',
        ])
        .select(['s.slug as group_slug', 's.name as group_name'])
        .where('n.pk', '=', pk)
        .executeTakeFirst();
      const published =
        row &&
        row.slug === req.params.slug &&
        row.gon_slug === req.params.gonSlug &&
        row.group_slug === req.params.groupSlug &&
        isPublished(
          { isActive: flag(row.gon_active), isPublic: flag(row.gon_public) },
          {
            isActive: flag(row.is_active),
            isPublic: flag(row.is_public),
            publicationStartDate: row.publication_start_date,
            publicationEndDate: row.publication_end_date,
          },
          new Date(),
        );
      if (!published) throw notFound(req.ctx);
      const issue = await loadIssue(app, pk, originOf(app, req));
      if (!issue) throw notFound(req.ctx);
      res.json({
        title: issue.view.title,
        groupName: row.group_name,
        newsletterTitle: row.gon_title,
        publicationStartDate: row.publication_start_date,
        css: newsletterCss(issue.view.charter),
        html: renderNewsletterBody(issue.view, issue.resolver),
      });
    }),
  );
  return router;
}

async function deliveryByToken(app: AppContext, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  return app.database.db
    .selectFrom('newsletters_delivery as d')
    .leftJoin('newsletters_sending as s', 's.pk', 'd.sending')
    .select(['d.email', 'd.contact', 'd.organization', 's.subject'])
    .where('d.unsubscribe_token', '=', token)
    .executeTakeFirst();
}

async function accepts(app: AppContext, d: { contact: number | null; organization: number | null }) {
  const db = app.database.db;
  if (d.contact !== null)
    return Boolean(
      (
        await db
          .selectFrom('fac_contact')
          .select(['accepts_newsletters'])
          .where('pk', '=', d.contact)
          .executeTakeFirst()
      )?.accepts_newsletters,
    );
  if (d.organization !== null)
    return Boolean(
      (
        await db
          .selectFrom('fac_organization')
          .select(['accepts_newsletters'])
          .where('pk', '=', d.organization)
          .executeTakeFirst()
      )?.accepts_newsletters,
    );
  return false;
}
