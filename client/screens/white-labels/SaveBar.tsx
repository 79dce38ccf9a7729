import { useState } from 'react';
import type { FieldError } from '../../../engine/validation/field-error';
import { wt } from './i18n';

interface Props {
  dirty: boolean;
  busy: boolean;
  /** Saved version the edits start from (0: nothing saved yet). */
  version: number;
  errors: FieldError[];
  onSave: (comment: string) => Promise<boolean>;
  onReset: () => void;
  /** « Revenir au modèle de base », offered while the saved version customises something. */
  onBackToBase?: () => void;
  /** The saved version has operations (it is not the base declaration). */
  customised?: boolean;
}

/** « Enregistrer » with an optional comment (a new version each time), and the server's refusals. */
export function SaveBar({ dirty, busy, version, errors, onSave, onReset, onBackToBase, customised }: Props) {
  const [comment, setComment] = useState('');
  return (
    <section className="wl-block wl-save" aria-labelledby="wl-save-title">
      <h2 id="wl-save-title" className="visually-hidden">
        {wt('white-labels.save.title')}
      </h2>
      {errors.length > 0 && (
        <div className="notice notice-error" role="alert">
          <p>{wt('white-labels.save.refused')}</p>
          <ul>
            {errors.map((e, i) => (
              <li key={i}>{e.message}</li>
            ))}
          </ul>
        </div>
      )}
      <p className="wl-save-status" role="status">
        {dirty
          ? wt(version ? 'white-labels.save.dirty' : 'white-labels.save.dirty_base', { version })
          : version
            ? wt('white-labels.save.clean', { version })
            : wt('white-labels.save.clean_base')}
      </p>
      <form
        className="wl-save-form"
        onSubmit={(e) => {
          e.preventDefault();
          void onSave(comment).then((ok) => ok && setComment(''));
        }}
      >
        <div className="wl-input">
          <label htmlFor="wl-save-comment">{wt('white-labels.save.comment')}</label>
          <input
            id="wl-save-comment"
            type="text"
            maxLength={500}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            placeholder={wt('white-labels.save.comment_placeholder')}
          />
        </div>
        <button type="submit" className="button button-primary" disabled={busy || !dirty} aria-busy={busy}>
          {busy ? wt('ui.saving') : wt('ui.save')}
        </button>
        <button type="button" className="button" disabled={busy || !dirty} onClick={onReset}>
          {wt('white-labels.save.reset')}
        </button>
        {onBackToBase && customised && (
          <button type="button" className="button" disabled={busy} onClick={onBackToBase}>
            {wt('white-labels.save.back_to_base')}
          </button>
        )}
      </form>
    </section>
  );
}
