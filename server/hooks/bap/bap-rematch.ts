import type { Kysely } from 'kysely';
import type { EntityHook, HookArgs } from '../hook-types';
import type { AppDatabase } from '../../db/tables';
import type { ApiRecord } from '../../db/row-mapper';
import { refreshOpenProjects } from '../../modules/bap/bap-matching';
import { newProjectMail } from '../../modules/bap/bap-mails';
import { recordsOf } from '../../modules/bap/bap-records';

/** What the exchange's matching reads of a sheet (engine/bap/matching.ts). */
const SHEET_FIELDS = ['proIsValid', 'allowToRegisterToBap', 'transitionState'] as const;

const sheetOf = (entityName: string, record: ApiRecord): unknown =>
  entityName === 'listepro-professional' ? record.pk : record.professional;

/**
 * The open projects of the exchange are matched again, in the write's transaction, when what the
 * matching reads of a member's sheet changes: its validity, its access to the exchange, its state
 * (generic writes and workflow transitions) or its published presentation (written by the
 * presentation's publication only). Sheets of professionals who never joined reach no project:
 * their writes cost one membership look-up. Newly reached professionals get the « new project » mail.
 */
async function rematch(ctx: HookArgs['ctx'], db: Kysely<AppDatabase>, sheet: unknown): Promise<void> {
  if (typeof sheet !== 'number') return;
  const member = await recordsOf(ctx.app, db, 'bap-membership', { property: 'professional', values: [sheet] });
  if (member.length === 0) return;
  for (const { project, added } of await refreshOpenProjects(ctx.app, db)) await newProjectMail(ctx, project, added);
}

export const bapRematch: EntityHook = {
  async afterSave({ ctx, entity, record, previous, db }) {
    if (entity.name !== 'listepro-professional' || !previous) return;
    if (SHEET_FIELDS.every((f) => (previous[f] ?? null) === (record[f] ?? null))) return;
    await rematch(ctx, db, record.pk);
  },
  async afterTransition({ ctx, entity, record, db }) {
    await rematch(ctx, db, sheetOf(entity.name, record));
  },
};
