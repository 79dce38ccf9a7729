import { message } from '../../context';
import type { FieldError } from '../../../engine/validation/field-error';
import type { EntityHook } from '../hook-types';
import { create } from '../../operations/write';
import { recordOf, recordsWhere } from './follow-up-data';

/**
 * An action model (reference 3.5): its trigger status must be a status of its own folder model;
 * saved as a default action with « Ajouter aussi aux dossiers existants », it is added to every
 * existing folder of that model that lacks one (reference 8.10 step 5), in the same transaction.
 */
export const followUpActionModel: EntityHook = {
  async validate({ ctx, record, db }) {
    if (record.triggerStatus === null || record.triggerStatus === undefined) return [];
    const status = await recordOf(ctx.app, db, 'folder-status', record.triggerStatus);
    const category = await recordOf(ctx.app, db, 'category-model', record.categoryModel);
    if (!status || !category || status.folderModel === category.folderModel) return [];
    const code = 'entity.followUp.check.trigger_other_model';
    const errors: FieldError[] = [{ path: 'triggerStatus', code, params: {}, message: message(ctx.app, code) }];
    return errors;
  },

  async afterSave({ ctx, record, previous, db }) {
    if (!record.default || record.disabled || !record.shouldGenerateDefaultActions) return;
    if (previous?.default && !previous.disabled) return;
    const category = await recordOf(ctx.app, db, 'category-model', record.categoryModel);
    if (!category) return;
    for (const folder of await recordsWhere(ctx.app, db, 'folder', 'model', category.folderModel as number)) {
      const actions = await recordsWhere(ctx.app, db, 'action', 'folder', folder.pk as number);
      if (!actions.some((a) => a.model === record.pk))
        await create(ctx, 'action', { folder: folder.pk, model: record.pk });
    }
  },
};
