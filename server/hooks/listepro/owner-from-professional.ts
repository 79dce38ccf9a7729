import type { EntityHook } from '../hook-types';
import { linkedRecord } from '../fac/linked-records';

/**
 * What belongs to a directory sheet (presentation, references, offers, addresses, notes…) carries
 * the sheet's account as `owner`, copied at every save: the rights then say « a professional
 * changes what belongs to their own sheet » as one comparison that also compiles to SQL, instead
 * of a join the rule language cannot express. A record pointing at no readable sheet gets none.
 */
export const listeproOwnerFromProfessional: EntityHook = {
  async beforeValidate({ ctx, record, db }) {
    const sheet = await linkedRecord(ctx.app, db, 'listepro-professional', record.professional);
    record.owner = sheet ? ((sheet.user as number | null) ?? null) : null;
  },
};
