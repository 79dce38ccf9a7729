import { message } from '../../context';
import type { FieldError } from '../../../engine/validation/field-error';
import type { EntityHook } from '../hook-types';
import { parisDate } from '../../../engine/time/paris-time';
import { applyDoneRules, completionProblems } from '../../../engine/follow-up/action-lifecycle';
import { actionCost, priceFor } from '../../../engine/follow-up/action-cost';
import { folderModelOfActionModel, pricesOf, recordOf, statusSummary, storeFolderStatus } from './follow-up-data';

function error(app: Parameters<typeof message>[0], path: string, key: string): FieldError {
  const code = `entity.followUp.check.${key}`;
  return { path, code, params: {}, message: message(app, code) };
}

const PROBLEM_PATHS = { message_required: 'message', file_required: 'attachment', contact_required: 'contact' };

/**
 * An action of a folder (reference 3.7, 8.10, 8.11): who did it and when, its price and cost
 * are set by the server (engine/follow-up); a done action must carry what its model requires;
 * every change recomputes the folder's status, and every answer carries it (`folderStatus`).
 */
export const followUpAction: EntityHook = {
  async beforeValidate({ ctx, record, previous, db }) {
    const done = record.done === true;
    const lifecycle = applyDoneRules(
      { done, date: typeof record.date === 'string' ? record.date : null, doneBy: null },
      previous && {
        done: previous.done === true,
        date: (previous.date as string | null) ?? null,
        doneBy: (previous.doneBy as number | null) ?? null,
      },
      ctx.user.pk,
      parisDate(Date.now()),
    );
    if (typeof record.done === 'boolean') Object.assign(record, lifecycle);
    const folder = await recordOf(ctx.app, db, 'folder', record.folder);
    const model = await recordOf(ctx.app, db, 'action-model', record.model);
    if (!folder || !model) return;
    const date = typeof record.date === 'string' ? record.date : parisDate(Date.now());
    const price = priceFor(await pricesOf(ctx.app, db, model), (folder.valuationType as number) ?? null, date);
    const group = await recordOf(ctx.app, db, 'group', folder.owningGroup);
    record.valuation = price?.pk ?? null;
    record.cost = actionCost({
      done,
      duration: typeof record.duration === 'number' ? record.duration : 0,
      price,
      coefficientEnabled: Boolean(model.coefficientEnabled),
      coefficient: group?.coefficient === undefined || group.coefficient === null ? 1 : Number(group.coefficient),
    }).cost;
  },

  async validate({ ctx, record, previous, db }) {
    const errors: FieldError[] = [];
    if (previous && (previous.folder !== record.folder || previous.model !== record.model))
      errors.push(error(ctx.app, 'model', 'action_fixed'));
    const folder = await recordOf(ctx.app, db, 'folder', record.folder);
    const model = await recordOf(ctx.app, db, 'action-model', record.model);
    if (!folder || !model) return errors;
    if ((await folderModelOfActionModel(ctx.app, db, model)) !== folder.model)
      errors.push(error(ctx.app, 'model', 'action_model_other_folder'));
    if (!previous && model.disabled) errors.push(error(ctx.app, 'model', 'action_model_disabled'));
    const problems = completionProblems(
      {
        messageRequired: Boolean(model.messageRequired),
        fileRequired: Boolean(model.fileRequired),
        contactRequired: Boolean(model.contactRequired),
      },
      {
        done: record.done === true,
        message: typeof record.message === 'string' ? record.message : '',
        hasAttachment: Boolean(record.attachment),
        contact: (record.contact as number | null) ?? null,
      },
    );
    for (const p of problems) errors.push(error(ctx.app, PROBLEM_PATHS[p], p));
    return errors;
  },

  async afterSave({ ctx, record, db }) {
    await storeFolderStatus(ctx.app, db, record.folder);
  },

  async beforeDelete({ ctx, record, db }) {
    await storeFolderStatus(ctx.app, db, record.folder, record.pk as number);
  },

  async afterRead({ ctx, record, db }) {
    const folder = await recordOf(ctx.app, db, 'folder', record.folder);
    const model = folder && (await recordOf(ctx.app, db, 'folder-model', folder.model));
    record.folderStatus = folder ? await statusSummary(ctx.app, db, folder.status) : null;
    record.folderName = model?.name ?? null;
  },
};
