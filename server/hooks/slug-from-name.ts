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
    // The first candidates by equality (the unique index answers), the prefix scan only when they
    // are all taken: a LIKE prefix reads the whole table on SQLite (case-blind LIKE skips the index),
    // which made a 10,000-line import of places quadratic (docs/performance.md, "Import").
    const candidates = [base, ...Array.from({ length: 9 }, (_, i) => `${base}-${i + 2}`)];
    const slugsWhere = async (where: 'in' | 'like', value: string | string[]) =>
      new Set(
        (
          (await db
            .selectFrom(table as never)
            .select(sql.ref(column).as('slug'))
            .where(sql.ref(column), where, value)
            .execute()) as { slug: string }[]
        ).map((r) => r.slug),
      );
    let taken = await slugsWhere('in', candidates);
    if (candidates.every((c) => taken.has(c))) taken = await slugsWhere('like', `${base}%`);
    let slug = base;
    for (let i = 2; taken.has(slug); i += 1) slug = `${base}-${i}`;
    record.slug = slug;
  },
};
