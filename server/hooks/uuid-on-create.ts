import { randomUUID } from 'node:crypto';
import type { EntityHook } from './hook-types';

/**
 * Every read-only `format: "uuid"` property gets a random uuid when the record is created and
 * keeps it for ever (an iCalendar UID, the secret of a link): read-only fields are never copied
 * from the input, so only this hook writes them.
 */
export const uuidOnCreate: EntityHook = {
  beforeValidate({ entity, record, previous }) {
    for (const [name, p] of Object.entries(entity.schema.properties)) {
      if (p.format !== 'uuid' || !p.readOnly) continue;
      if (previous) record[name] = previous[name];
      else if (typeof record[name] !== 'string' || record[name] === '') record[name] = randomUUID();
    }
  },
};
