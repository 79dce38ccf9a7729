import type { EntityHook } from './hook-types';

/**
 * A rule reads only the record, not the partner tags it points to: the save notes here whether one
 * of the submitted partners is European (reference 12.1), so that the declared check of
 * experience.schema.json can ask for the English description with its French message.
 */
export const experiencePartners: EntityHook = {
  async beforeValidate({ db, record }) {
    const partners = Array.isArray(record.partners)
      ? // A key outside the database's integer range names no tag (and PostgreSQL would refuse it).
        record.partners.filter((p): p is number => Number.isSafeInteger(p) && p > 0 && p <= 2_147_483_647)
      : [];
    if (partners.length === 0) {
      record.hasEuropeanPartner = false;
      return;
    }
    const european = await db
      .selectFrom('experiences_tag')
      .select('pk')
      .where('pk', 'in', partners)
      .where('family', '=', 'partner')
      .where('is_european', '=', 1 as never)
      .executeTakeFirst();
    record.hasEuropeanPartner = european !== undefined;
  },
};
