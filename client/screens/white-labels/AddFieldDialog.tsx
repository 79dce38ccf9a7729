import { useEffect, useState } from 'react';
import { Dialog } from '../../shell/Dialog';
import type { AddFieldOp, FormSectionModel } from './form-model';
import {
  EXTRA_KINDS,
  draftToOp,
  emptyDraft,
  fieldNameFrom,
  hasBounds,
  hasMaxLength,
  kindLabel,
  type ExtraDraft,
  type ExtraKind,
} from './extra-field';
import { wt } from './i18n';

interface Props {
  open: boolean;
  sections: FormSectionModel[];
  /** Names already used (base fields and added ones): the new name must differ. */
  taken: Set<string>;
  onAdd: (op: AddFieldOp) => void;
  onClose: () => void;
}

/** « Ajouter un champ »: label (the name is made from it), type, help, required, bounds, choices, section. */
export function AddFieldDialog({ open, sections, taken, onAdd, onClose }: Props) {
  const [draft, setDraft] = useState<ExtraDraft>(() => emptyDraft(sections[0]?.id ?? ''));
  const [errors, setErrors] = useState<Partial<Record<keyof ExtraDraft, string>>>({});
  useEffect(() => {
    if (open) {
      setDraft(emptyDraft(sections[0]?.id ?? ''));
      setErrors({});
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const set = (change: Partial<ExtraDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    // A corrected input loses its message at once; the others keep theirs until the next try.
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in change))));
  };
  const submit = () => {
    const { op, errors: found } = draftToOp(draft, taken);
    setErrors(found);
    if (op) onAdd(op);
    else document.getElementById(`wl-add-${Object.keys(found)[0]}`)?.focus();
  };
  const described = (k: keyof ExtraDraft) => (errors[k] ? `wl-add-${k}-error` : undefined);
  const error = (k: keyof ExtraDraft) =>
    errors[k] && (
      <p className="field-error" id={`wl-add-${k}-error`}>
        {errors[k]}
      </p>
    );
  const name = draft.label.trim() ? fieldNameFrom(draft.label, taken) : '';
  return (
    <Dialog
      open={open}
      title={wt('white-labels.add.title')}
      onClose={onClose}
      wide
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            {wt('white-labels.cancel')}
          </button>
          <button type="submit" form="wl-add-form" className="button button-primary">
            {wt('white-labels.add.submit')}
          </button>
        </>
      }
    >
      <form
        id="wl-add-form"
        className="wl-add-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className={`field${errors.label ? ' has-error' : ''}`}>
          <label htmlFor="wl-add-label">
            {wt('white-labels.add.label')}
            <span className="required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <input
            id="wl-add-label"
            type="text"
            value={draft.label}
            maxLength={200}
            required
            aria-invalid={Boolean(errors.label)}
            aria-describedby={[described('label'), 'wl-add-name'].filter(Boolean).join(' ')}
            onChange={(e) => set({ label: e.target.value })}
            autoFocus
          />
          {error('label')}
          <p className="field-help" id="wl-add-name">
            {name ? wt('white-labels.add.name', { name }) : wt('white-labels.add.name_hint')}
          </p>
        </div>
        <div className="field">
          <label htmlFor="wl-add-kind">{wt('white-labels.add.kind')}</label>
          <select id="wl-add-kind" value={draft.kind} onChange={(e) => set({ kind: e.target.value as ExtraKind })}>
            {EXTRA_KINDS.map((k) => (
              <option key={k} value={k}>
                {kindLabel(k)}
              </option>
            ))}
          </select>
        </div>
        {draft.kind === 'choice' && (
          <div className={`field${errors.choices ? ' has-error' : ''}`}>
            <label htmlFor="wl-add-choices">
              {wt('white-labels.add.choices')}
              <span className="required" aria-hidden="true">
                {' '}
                *
              </span>
            </label>
            <textarea
              id="wl-add-choices"
              rows={4}
              value={draft.choices}
              aria-invalid={Boolean(errors.choices)}
              aria-describedby={[described('choices'), 'wl-add-choices-help'].filter(Boolean).join(' ')}
              onChange={(e) => set({ choices: e.target.value })}
            />
            <p className="field-help" id="wl-add-choices-help">
              {wt('white-labels.add.choices_help')}
            </p>
            {error('choices')}
          </div>
        )}
        {hasBounds(draft.kind) && (
          <div className="wl-inline-fields">
            <div className={`field${errors.minimum ? ' has-error' : ''}`}>
              <label htmlFor="wl-add-minimum">{wt('white-labels.add.minimum')}</label>
              <input
                id="wl-add-minimum"
                type="text"
                inputMode="decimal"
                value={draft.minimum}
                aria-invalid={Boolean(errors.minimum)}
                aria-describedby={described('minimum')}
                onChange={(e) => set({ minimum: e.target.value })}
              />
              {error('minimum')}
            </div>
            <div className={`field${errors.maximum ? ' has-error' : ''}`}>
              <label htmlFor="wl-add-maximum">{wt('white-labels.add.maximum')}</label>
              <input
                id="wl-add-maximum"
                type="text"
                inputMode="decimal"
                value={draft.maximum}
                aria-invalid={Boolean(errors.maximum)}
                aria-describedby={described('maximum')}
                onChange={(e) => set({ maximum: e.target.value })}
              />
              {error('maximum')}
            </div>
          </div>
        )}
        {hasMaxLength(draft.kind) && (
          <div className={`field${errors.maxLength ? ' has-error' : ''}`}>
            <label htmlFor="wl-add-maxLength">{wt('white-labels.add.max_length')}</label>
            <input
              id="wl-add-maxLength"
              type="text"
              inputMode="numeric"
              value={draft.maxLength}
              aria-invalid={Boolean(errors.maxLength)}
              aria-describedby={described('maxLength')}
              onChange={(e) => set({ maxLength: e.target.value })}
            />
            {error('maxLength')}
          </div>
        )}
        <div className="field">
          <label htmlFor="wl-add-help">{wt('white-labels.add.help')}</label>
          <input
            id="wl-add-help"
            type="text"
            value={draft.help}
            maxLength={1000}
            onChange={(e) => set({ help: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="wl-add-section">{wt('white-labels.add.section')}</label>
          <select id="wl-add-section" value={draft.section} onChange={(e) => set({ section: e.target.value })}>
            {sections.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </select>
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={draft.required} onChange={(e) => set({ required: e.target.checked })} />
          {wt('white-labels.add.required')}
        </label>
      </form>
    </Dialog>
  );
}
