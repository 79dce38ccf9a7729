import { useState } from 'react';
import type { ApiError } from '../../api/http';
import type { OverlayOp } from '../../../engine/schema/overlay-types';
import type { FieldError } from '../../../engine/validation/field-error';
import { notify } from '../../shell/notifications';
import { confirmAction } from '../../shell/confirm';
import { refreshIfCurrent, revertOverlay, saveOverlay } from './api';
import { wt } from './i18n';

export interface OverlayVersions {
  busy: boolean;
  saveErrors: FieldError[];
  clearSaveErrors: () => void;
  /** Saves the ops as a new version; false when the server refused them (errors shown). */
  save: (ops: OverlayOp[], comment: string) => Promise<boolean>;
  /** Asks first (saying when unsaved edits would be lost), then brings back an earlier version as a new one. */
  revert: (version: number, dirty: boolean) => Promise<void>;
  /**
   * One click back to the base declaration: a new version without operations (undone like any
   * other from the history). Asks first only when unsaved edits would be lost.
   */
  backToBase: (dirty: boolean) => Promise<void>;
}

/**
 * Saving and reverting one overlay target of a white label — the form editor and the menu editor
 * version their changes the same way, so they share this. `reload` reads the overlay again after.
 */
export function useOverlayVersions(
  pk: string,
  target: string,
  reload: () => Promise<void>,
  announce: (text: string) => void,
): OverlayVersions {
  const [busy, setBusy] = useState(false);
  const [saveErrors, setSaveErrors] = useState<FieldError[]>([]);

  const save = async (ops: OverlayOp[], comment: string) => {
    setBusy(true);
    setSaveErrors([]);
    try {
      const { version } = await saveOverlay(pk, target, ops, comment);
      refreshIfCurrent(pk);
      notify(wt('white-labels.editor.saved', { version }), 'success');
      announce(wt('white-labels.editor.saved', { version }));
      await reload();
      return true;
    } catch (e) {
      const err = e as ApiError;
      setSaveErrors(err.errors.length ? err.errors : [{ path: '', code: err.code, params: {}, message: err.message }]);
      notify(err.message, 'error');
      return false;
    } finally {
      setBusy(false);
    }
  };

  const revert = async (version: number, dirty: boolean) => {
    const text = wt(dirty ? 'white-labels.versions.revert_confirm_dirty' : 'white-labels.versions.revert_confirm', {
      version,
    });
    if (!(await confirmAction(text, { confirm: wt('white-labels.versions.restore_action') }))) return;
    setBusy(true);
    try {
      const res = await revertOverlay(pk, target, version);
      refreshIfCurrent(pk);
      notify(wt('white-labels.versions.reverted', { version, current: res.version }), 'success');
      announce(wt('white-labels.versions.reverted', { version, current: res.version }));
      await reload();
    } catch (e) {
      notify((e as ApiError).message, 'error');
    } finally {
      setBusy(false);
    }
  };

  const backToBase = async (dirty: boolean) => {
    if (
      dirty &&
      !(await confirmAction(wt('white-labels.save.back_to_base_confirm'), {
        confirm: wt('white-labels.save.back_to_base'),
        destructive: true,
      }))
    )
      return;
    await save([], wt('white-labels.save.back_to_base_comment'));
  };

  return { busy, saveErrors, clearSaveErrors: () => setSaveErrors([]), save, revert, backToBase };
}
