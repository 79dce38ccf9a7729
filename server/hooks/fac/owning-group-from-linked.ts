import { message } from '../../context';
import type { FieldError } from '../../../engine/validation/field-error';
import type { EntityHook } from '../hook-types';
import { isRecordKey } from '../../db/record-key';
import { groupOwnedLinks, linkedRecord, OWNING_GROUP } from './linked-records';

/** Contactable links that a record reached through another one (a reminder through its note) copies from it. */
const COPIED = ['contact', 'organization'];

/**
 * The structure a file-area record belongs to (reference 1.3, 2.4–2.15): the structure of the
 * record it is attached to (a note: its contact's), every other attached record being of the
 * same structure (« Le contact n'appartient pas à ce groupe »). A record attached to nothing (a
 * contact, a tag, a list) belongs to the structure chosen, kept on update when none is sent,
 * and on creation defaults to its author's. Rights then check that structure against the user.
 */
export const owningGroupFromLinked: EntityHook = {
  async beforeValidate({ ctx, entity, record, previous, db }) {
    for (const { property, target } of groupOwnedLinks(ctx.app, entity)) {
      const linked = await linkedRecord(ctx.app, db, target, record[property]);
      if (!linked) continue;
      record[OWNING_GROUP] = linked[OWNING_GROUP];
      for (const c of COPIED) {
        if (entity.schema.properties[c]?.readOnly && c in linked) record[c] = linked[c] ?? null;
      }
      return;
    }
    if (isRecordKey(record[OWNING_GROUP])) return;
    record[OWNING_GROUP] = (previous?.[OWNING_GROUP] as number | undefined) ?? ctx.user.group ?? null;
  },

  async validate({ ctx, entity, record, db }) {
    const errors: FieldError[] = [];
    const group = record[OWNING_GROUP];
    for (const { property, target } of groupOwnedLinks(ctx.app, entity)) {
      const linked = await linkedRecord(ctx.app, db, target, record[property]);
      if (!linked || linked[OWNING_GROUP] === group) continue;
      const key = `entity.fac.check.${target}_other_group`;
      const known = ctx.app.catalogue[key] !== undefined;
      const code = known ? key : 'entity.fac.check.organization_other_group';
      errors.push({ path: property, code, params: {}, message: message(ctx.app, code) });
    }
    return errors;
  },
};
