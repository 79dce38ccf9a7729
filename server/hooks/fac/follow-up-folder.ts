import { message } from '../../context';
import type { FieldError } from '../../../engine/validation/field-error';
import type { EntityHook } from '../hook-types';
import { create, remove } from '../../operations/write';
import { recordOf, recordsWhere, statusSummary, storeFolderStatus } from './follow-up-data';

function error(app: Parameters<typeof message>[0], path: string, key: string): FieldError {
  const code = `entity.followUp.check.${key}`;
  return { path, code, params: {}, message: message(app, code) };
}

/**
 * A folder of the follow-up engine (reference 3.6, 8.8, 8.10): it takes its programme and its
 * valuation type from its model and its structure; opening one creates the model's default
 * actions in the same transaction; its status is recomputed by its actions (follow-up-data.ts).
 */
export const followUpFolder: EntityHook = {
  async beforeValidate({ ctx, record, db }) {
    const model = await recordOf(ctx.app, db, 'folder-model', record.model);
    const project = model && (await recordOf(ctx.app, db, 'project', model.project));
    record.project = project?.pk ?? null;
    // The folder's label in lists, relation choices and headings: « Ménages — Hélène Ébrard ».
    const contact = await recordOf(ctx.app, db, 'contact', record.contact);
    const organization = await recordOf(ctx.app, db, 'organization', record.organization);
    const who = contact
      ? [contact.firstName, contact.lastName].filter(Boolean).join(' ')
      : ((organization?.name as string | undefined) ?? '');
    record.name = [model?.name, who].filter(Boolean).join(' — ').slice(0, 400);
    record.valuationType = null;
    // The first valuation type of the programme that the folder's structure applies (8.8).
    for (const pk of [...((project?.valuationTypes as number[]) ?? [])].sort((a, b) => a - b)) {
      const type = await recordOf(ctx.app, db, 'valuation-type', pk);
      if (((type?.groups as number[]) ?? []).includes(record.owningGroup as number)) {
        record.valuationType = pk;
        break;
      }
    }
  },

  async validate({ ctx, record, previous, db }) {
    const errors: FieldError[] = [];
    if (previous && previous.model !== record.model) errors.push(error(ctx.app, 'model', 'model_fixed'));
    const model = await recordOf(ctx.app, db, 'folder-model', record.model);
    if (!model) return errors;
    if (record.contact && !model.linkToContact) errors.push(error(ctx.app, 'contact', 'folder_for_contact'));
    if (record.organization && !model.linkToOrganization)
      errors.push(error(ctx.app, 'organization', 'folder_for_organization'));
    // Advisors open folders only in programmes shared with their structure; administrators anywhere.
    const project = await recordOf(ctx.app, db, 'project', model.project);
    const shared = ((project?.groups as number[]) ?? []).includes(record.owningGroup as number);
    if (!previous && !shared && !ctx.user.roles.includes('administrator'))
      errors.push(error(ctx.app, 'model', 'project_not_shared'));
    return errors;
  },

  async afterSave({ ctx, record, db, created }) {
    if (created) {
      const categories = await recordsWhere(ctx.app, db, 'category-model', 'folderModel', record.model as number);
      categories.sort((a, b) => Number(a.order) - Number(b.order) || (a.pk as number) - (b.pk as number));
      for (const category of categories) {
        const models = await recordsWhere(ctx.app, db, 'action-model', 'categoryModel', category.pk as number);
        models.sort((a, b) => Number(a.order) - Number(b.order) || (a.pk as number) - (b.pk as number));
        for (const m of models.filter((x) => x.default && !x.disabled))
          await create(ctx, 'action', { folder: record.pk, model: m.pk });
      }
    }
    await storeFolderStatus(ctx.app, db, record.pk);
  },

  async beforeDelete({ ctx, record, db }) {
    for (const a of await recordsWhere(ctx.app, db, 'action', 'folder', record.pk as number))
      await remove(ctx, 'action', a.pk);
  },

  async afterRead({ ctx, record, db }) {
    // A new folder's answer is read from the inserted row, before afterSave stored its status.
    record.status = (await recordOf(ctx.app, db, 'folder', record.pk))?.status ?? null;
    record.statusDetail = await statusSummary(ctx.app, db, record.status);
    const actions = await recordsWhere(ctx.app, db, 'action', 'folder', record.pk as number);
    const names = new Map<unknown, unknown>();
    for (const a of actions)
      if (!names.has(a.model)) names.set(a.model, (await recordOf(ctx.app, db, 'action-model', a.model))?.name);
    record.actions = actions.map((a) => ({
      pk: a.pk,
      model: a.model,
      modelName: names.get(a.model),
      done: a.done,
      date: a.date,
      cost: a.cost,
    }));
  },
};
