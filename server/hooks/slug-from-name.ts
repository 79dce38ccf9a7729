import { sql } from 'kysely';
import { slugify } from '../../engine/schema/naming';
import { columnOf } from '../db/row-mapper';
import type { EntityHook } from './hook-types';

/** A missing slug is made from the name, numbered when already taken ("espace-info", "espace-info-2"). */
export const slugFromName: EntityHook = {
  async beforeValidate({ entity, record, previous, db }) {
    const readOnly = Boolean(entity.schema.properties.slug?.readOnly);
    if (previous && (readOnly || record.slug === previous.slug) && previous.slug) {
      record.slug = previous.slug;
      return;
    }
    if (typeof record.slug === 'string' && record.slug.trim() !== '' && !readOnly) return;
    const base = slugify(String(record.name ?? '')) || entity.name;
    const table = entity.schema['x-entity'].table;
    const column = columnOf(entity, 'slug');
    const taken = new Set(
      (await db.selectFrom(table as never).select(sql.ref(column).as('slug'))
        .where(sql.ref(column), 'like', `${base}%`)
        .execute() as { slug: string }[]).map((r) => r.slug),
    );
    let slug = base;
    for (let i = 2; taken.has(slug); i += 1) slug = `${base}-${i}`;
    record.slug = slug;
  },
};
