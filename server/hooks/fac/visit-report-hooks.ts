import { sql } from 'kysely';
import { message } from '../../context';
import type { EntityHook } from '../hook-types';
import { isRecordKey } from '../../db/record-key';
import type { FieldError } from '../../../engine/validation/field-error';

/** What the report's kind accepts as the housing's contact entity (spec 02 §2, §5, §6). */
export const CONTACT_LINK_OF_KIND: Record<string, 'contact' | 'organization'> = {
  visit: 'contact',
  preco: 'organization',
};

function fail(ctx: Parameters<NonNullable<EntityHook['validate']>>[0]['ctx'], path: string, key: string): FieldError {
  return { path, code: key, params: {}, message: message(ctx.app, key) };
}

/**
 * A visit report is written on a contact's housing, a pre-recommendation on an organisation's
 * (spec 02 §5: « Contact associé au logement est erroné » otherwise); it is signed by one of the
 * housing's structures, so that a report is never visible to a structure its housing is not
 * attached to.
 */
export const visitReportContactType: EntityHook = {
  async validate({ ctx, record, db }) {
    if (!isRecordKey(record.housing)) return [];
    const housing = (await db
      .selectFrom('fac_housing' as never)
      .select([
        sql.ref('contact').as('contact'),
        sql.ref('organization').as('organization'),
        sql.ref('groups').as('groups'),
      ])
      .where('pk' as never, '=', record.housing as never)
      .executeTakeFirst()) as { contact: unknown; organization: unknown; groups: unknown } | undefined;
    if (!housing) return [];
    const errors: FieldError[] = [];
    const link = CONTACT_LINK_OF_KIND[String(record.kind)];
    if (link && !isRecordKey(housing[link]))
      errors.push(fail(ctx, 'housing', 'entity.visit-report.check.contact_type'));
    const groups = (typeof housing.groups === 'string' ? JSON.parse(housing.groups) : housing.groups) as unknown;
    if (isRecordKey(record.group) && Array.isArray(groups) && !groups.includes(record.group))
      errors.push(fail(ctx, 'group', 'entity.visit-report.check.group_of_housing'));
    return errors;
  },
};
