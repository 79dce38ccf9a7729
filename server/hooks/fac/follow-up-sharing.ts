import type { Kysely } from 'kysely';
import { message, type AppContext } from '../../context';
import type { AppDatabase } from '../../db/tables';
import type { FieldError } from '../../../engine/validation/field-error';
import type { EntityHook } from '../hook-types';
import { update } from '../../operations/write';
import { rowToRecord, type ApiRecord } from '../../db/row-mapper';
import { recordOf } from './follow-up-data';
import {
  groupsWithType,
  projectGroups,
  shareProblems,
  type ValuationTypeGroups,
} from '../../../engine/follow-up/sharing';

type Db = Kysely<AppDatabase>;

const pks = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);

function fieldError(app: AppContext, path: string, key: string, params: Record<string, unknown> = {}): FieldError {
  const code = `entity.followUp.check.${key}`;
  return { path, code, params, message: message(app, code, params) };
}

async function typesOf(app: AppContext, db: Db, list: number[]): Promise<ValuationTypeGroups[]> {
  const out: ValuationTypeGroups[] = [];
  for (const pk of list) {
    const t = await recordOf(app, db, 'valuation-type', pk);
    if (t) out.push({ pk, name: String(t.name ?? ''), groups: pks(t.groups) });
  }
  return out;
}

/** Every programme (a small configuration table), as the API reads them. */
async function allProjects(app: AppContext, db: Db): Promise<ApiRecord[]> {
  const runtime = app.registry.entities.get('project')!;
  const rows = await db.selectFrom('fac_project').selectAll().orderBy('pk').execute();
  return rows.map((r) => rowToRecord(runtime, r as Record<string, unknown>));
}

/**
 * A programme's structures follow its valuation types (reference 8.8): the union of their
 * structures replaces the chosen ones, with the reference's two refusals. The rule is
 * `projectGroups` (engine/follow-up/sharing.ts); unknown valuation types are the relation check's.
 */
export const projectSharing: EntityHook = {
  async validate({ ctx, record, db }) {
    const types = await typesOf(ctx.app, db, pks(record.valuationTypes));
    const verdict = projectGroups(types, pks(record.groups));
    if (!verdict.ok)
      return [
        verdict.problem === 'shared_group'
          ? fieldError(ctx.app, 'valuationTypes', 'shared_group')
          : fieldError(ctx.app, 'groups', 'groups_mismatch'),
      ];
    // Validation passed: the stored structures are the valuation types' (written after this hook).
    record.groups = verdict.groups;
    return [];
  },
};

/**
 * Saving a valuation type adds its structures to every programme using it (reference 8.8), in the
 * same transaction; refused when that would give one structure two valuation types there.
 */
export const valuationTypeSharing: EntityHook = {
  async validate({ ctx, record, db }) {
    if (typeof record.pk !== 'number') return [];
    const self = { pk: record.pk, name: String(record.name ?? ''), groups: pks(record.groups) };
    for (const project of await allProjects(ctx.app, db)) {
      const used = pks(project.valuationTypes);
      if (!used.includes(self.pk)) continue;
      const others = (await typesOf(ctx.app, db, used)).filter((t) => t.pk !== self.pk);
      const verdict = projectGroups([...others, self], []);
      if (!verdict.ok) return [fieldError(ctx.app, 'groups', 'shared_group')];
    }
    return [];
  },

  async afterSave({ ctx, record, db, created }) {
    if (created) return;
    const self = { pk: record.pk as number, name: String(record.name ?? ''), groups: pks(record.groups) };
    for (const project of await allProjects(ctx.app, db)) {
      if (!pks(project.valuationTypes).includes(self.pk)) continue;
      const groups = groupsWithType(pks(project.groups), self);
      if (groups.length !== pks(project.groups).length) await update(ctx, 'project', project.pk, { groups });
    }
  },
};

/** A pilot share (engine `shareProblems`): laureates take part in the programme, the pilot is not one. */
export const projectShareRules: EntityHook = {
  async validate({ ctx, record, db }) {
    const project = await recordOf(ctx.app, db, 'project', record.project);
    if (!project || typeof record.pilotGroup !== 'number') return [];
    const share = {
      project: project.pk as number,
      pilotGroup: record.pilotGroup,
      laureateGroups: pks(record.laureateGroups),
    };
    const errors: FieldError[] = [];
    for (const p of shareProblems(share, pks(project.groups))) {
      if (p.problem === 'pilot_is_laureate') errors.push(fieldError(ctx.app, p.path, p.problem));
      else {
        const rows = await db.selectFrom('account_group').select(['pk', 'name']).where('pk', 'in', p.groups).execute();
        const names = p.groups.map((g) => rows.find((r) => r.pk === g)?.name ?? `n° ${g}`).join(', ');
        errors.push(fieldError(ctx.app, p.path, p.problem, { names }));
      }
    }
    return errors;
  },
};
