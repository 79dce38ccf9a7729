import { sql } from 'kysely';
import { slugify } from '../../engine/format/slug';
import { columnOf } from '../db/row-mapper';
import type { EntityHook } from './hook-types';

/**
 * A missing slug is made from the name, numbered when already taken ("espace-info", "espace-info-2").
 * A stored slug is a public URL: renaming the record keeps it (only clearing an editable slug makes a new one).
 */
export const slugFromName: EntityHook = {
  async beforeValidate({ entity, record, previous, db }) {
    const readOnly = Boolean(entity.schema.properties.slug?.readOnly);
    if (previous && (readOnly || record.slug === previous.slug) && previous.slug) {
      record.slug = previous.slug;
      return;
    }
    if (typeof record.slug === 'string' && record.slug.trim() !== '' && !readOnly) return;
    // Room is left for the "-2" suffix within the column's maxLength.
    const max = (entity.schema.properties.slug?.maxLength ?? 104) - 4;
    const base = slugify(String(record.name ?? ''), max) || entity.name;
    const table = entity.schema['x-entity'].table;
    const column = columnOf(entity, 'slug');
    const taken = new Set(
      (
        (await db
          .selectFrom(table as never)
          .select(sql.ref(column).as('slug'))
          .where(sql.ref(column), 'like', `${base}%`)
          .execute()) as { slug: string }[]
      ).map((r) => r.slug),
    );
    let slug = base;
    for (let i = 2; taken.has(slug); i += 1) slug = `${base}-${i}`;
    record.slug = slug;
  },
};
