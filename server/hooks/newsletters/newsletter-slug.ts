import { sql } from 'kysely';
import { slugify } from '../../../engine/format/slug';
import { message } from '../../context';
import type { EntityHook } from '../hook-types';
import { isRecordKey } from '../../db/record-key';
import { columnOf } from '../../db/row-mapper';
import { cleanHtml } from '../../security/sanitize-html';
import type { FieldError } from '../../../engine/validation/field-error';

/**
 * A slug left empty is made from the title (« Lettre de décembre » → lettre-de-decembre), numbered
 * when the parent already has it; nobody types a URL name by hand. A stored one is kept.
 */
async function slugFromTitle(
  entity: Parameters<NonNullable<EntityHook['beforeValidate']>>[0]['entity'],
  record: Record<string, unknown>,
  db: Parameters<NonNullable<EntityHook['beforeValidate']>>[0]['db'],
  parent: string,
): Promise<void> {
  if (typeof record.slug === 'string' && record.slug.trim() !== '') return;
  const base = slugify(String(record.title ?? ''), 90) || (entity.name === 'newsletter' ? 'numero' : 'lettre');
  let qb = db
    .selectFrom(entity.schema['x-entity'].table as never)
    .select(sql.ref(columnOf(entity, 'slug')).as('slug'))
    .where(sql.ref(columnOf(entity, 'slug')), 'like', `${base}%`);
  if (isRecordKey(record[parent])) qb = qb.where(sql.ref(columnOf(entity, parent)), '=', record[parent]);
  if (isRecordKey(record.pk)) qb = qb.where('pk' as never, '<>', record.pk as never);
  const taken = new Set(((await qb.execute()) as { slug: string }[]).map((r) => r.slug));
  let slug = base;
  for (let i = 2; taken.has(slug); i += 1) slug = `${base}-${i}`;
  record.slug = slug;
}

/** The property that scopes a slug: a newsletter group's structure, a newsletter's group of newsletters. */
const PARENT: Record<string, string> = { 'newsletter-group': 'group', newsletter: 'newsletterGroup' };

/**
 * Slugs are public URLs (/newsletters-public/:groupSlug/:gonSlug/:slug/:pk), unique within their
 * parent rather than globally (reference 11.1). A newsletter carries its group of newsletters'
 * structure, copied here, so that the structure rule filters it in SQL like every other record;
 * the rich text of its blocks is cleaned on save because it is shown on public pages and mailed.
 */
export const newsletterSlug: EntityHook = {
  async beforeValidate({ entity, record, db }) {
    const parent = PARENT[entity.name];
    if (parent) await slugFromTitle(entity, record, db, parent);
    if (entity.name !== 'newsletter') return;
    if (isRecordKey(record.newsletterGroup)) {
      const gon = await db
        .selectFrom('newsletters_group_of_newsletters')
        .select(['group'])
        .where('pk', '=', record.newsletterGroup as number)
        .executeTakeFirst();
      if (gon) record.group = gon.group;
    }
    if (Array.isArray(record.blocks))
      record.blocks = record.blocks.map((b: unknown) => {
        if (!b || typeof b !== 'object') return b;
        const block = { ...(b as Record<string, unknown>) };
        for (const key of ['html', 'left', 'right'])
          if (typeof block[key] === 'string') block[key] = cleanHtml(block[key]);
        return block;
      });
  },
  async validate({ ctx, entity, record, db }) {
    const errors: FieldError[] = [];
    const parent = PARENT[entity.name];
    if (parent && typeof record.slug === 'string' && isRecordKey(record[parent])) {
      const table = entity.schema['x-entity'].table;
      let qb = db
        .selectFrom(table as never)
        .select('pk' as never)
        .where(sql.ref(columnOf(entity, parent)), '=', record[parent])
        .where(sql.ref(columnOf(entity, 'slug')), '=', record.slug);
      if (isRecordKey(record.pk)) qb = qb.where('pk' as never, '<>', record.pk as never);
      if (await qb.executeTakeFirst()) {
        const key = `entity.${entity.name}.check.slug_taken`;
        errors.push({ path: 'slug', code: key, params: {}, message: message(ctx.app, key) });
      }
    }
    // An image block shows a picture of the newsletter's own structure: another structure's
    // picture would be published (and mailed) by someone who may not even see it.
    if (entity.name === 'newsletter' && Array.isArray(record.blocks)) {
      const images = (record.blocks as { type?: string; image?: unknown }[])
        .filter((b) => b?.type === 'image' && isRecordKey(b.image))
        .map((b) => b.image as number);
      if (images.length) {
        const rows = await db
          .selectFrom('newsletters_image')
          .select(['pk', 'group'])
          .where('pk', 'in', images)
          .execute();
        const ok = new Set(rows.filter((r) => r.group === record.group).map((r) => r.pk));
        const bad = (record.blocks as { type?: string; image?: number }[]).findIndex(
          (b) => b?.type === 'image' && !ok.has(b.image as number),
        );
        if (bad >= 0) {
          const key = 'entity.newsletter.check.image_other_group';
          errors.push({ path: `blocks.${bad}.image`, code: key, params: {}, message: message(ctx.app, key) });
        }
      }
    }
    return errors;
  },
};
