import { sql } from 'kysely';
import { message } from '../../context';
import type { EntityHook } from '../hook-types';
import { isRecordKey } from '../../db/record-key';
import type { FieldError } from '../../../engine/validation/field-error';
import { groupsOf, housingAdvisors } from '../../modules/visit-report/housing-advisors';

/** What the report's kind accepts as the housing's contact entity (spec 02 §2, §5, §6). */
export const CONTACT_LINK_OF_KIND: Record<string, 'contact' | 'organization'> = {
  visit: 'contact',
  preco: 'organization',
};

/** The appendix fields naming a saved simulation, with the table of that simulation. */
const SIMULATION_FIELDS: [field: string, table: string][] = [
  ['ecorenoverSimulation', 'fac_ecorenover_simulation'],
  ['heatingSimulation', 'fac_heating_simulation'],
];

function fail(ctx: Parameters<NonNullable<EntityHook['validate']>>[0]['ctx'], path: string, key: string): FieldError {
  return { path, code: key, params: {}, message: message(ctx.app, key) };
}

/**
 * A visit report is written on a contact's housing, a pre-recommendation on an organisation's
 * (spec 02 §5: « Contact associé au logement est erroné » otherwise); it is signed by one of the
 * housing's structures, so that a report is never visible to a structure its housing is not
 * attached to. The saved simulations it appends are the household's own (the housing's contact,
 * its organisation for a pre-recommendation).
 */
export const visitReportContactType: EntityHook = {
  async validate({ ctx, record, previous, db }) {
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
    // The advisor is one who followed the household (an advisor of one of the housing's structures), checked
    // when it is chosen, so a report whose advisor has since left stays writable (issue 28 row 9).
    if (isRecordKey(record.advisor) && record.advisor !== previous?.advisor) {
      const followed = await housingAdvisors(db, groupsOf(housing.groups));
      if (!followed.some((a) => a.pk === record.advisor))
        errors.push(fail(ctx, 'advisor', 'entity.visit-report.check.advisor_of_housing'));
    }
    // An appendix presents the household's own simulation: another household's figures in its
    // report would be wrong advice and would disclose that other household's situation.
    const household = link ? housing[link] : undefined;
    for (const [field, table] of SIMULATION_FIELDS) {
      const pk = record[field];
      if (!isRecordKey(pk)) continue;
      const simulation = (await db
        .selectFrom(table as never)
        .select([sql.ref('contact').as('contact'), sql.ref('organization').as('organization')])
        .where('pk' as never, '=', pk as never)
        .executeTakeFirst()) as { contact: unknown; organization: unknown } | undefined;
      // A missing simulation is the relation check's « n'existe pas », a housing without its
      // household the contact type's error, already.
      if (!simulation || !link || !isRecordKey(household)) continue;
      if (Number(simulation[link]) !== Number(household)) {
        const key = `entity.visit-report.check.${field}_household`;
        errors.push({ path: field, code: key, params: { value: pk }, message: message(ctx.app, key, { value: pk }) });
      }
    }
    return errors;
  },
};
