import type { EntityMeta } from '../../runtime/types';
import { effectiveField, mayHide, mayUse, type FieldEdits, type FormModel } from './form-model';
import { kindLabel, kindOf } from './extra-field';
import { wt } from './i18n';

interface Props {
  base: EntityMeta;
  model: FormModel;
  name: string;
  index: number;
  count: number;
  onChange: (change: FieldEdits) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}

/**
 * One field of the edited form: its label and help text, hidden, required (only tightening: a
 * field the base requires stays required), position in its section, and removal of added fields.
 * A fieldset named after the field, so that every control reads « Masqué — Nom », etc.
 */
export function FieldRow({ base, model, name, index, count, onChange, onMove, onRemove }: Props) {
  const field = effectiveField(base, model, name);
  const extra = model.extras[name];
  const prop = base.schema.properties[name];
  const legend = extra ? extra.schema.title || name : (prop?.title ?? name);
  const id = (what: string) => `wl-${what}-${name}`;
  const edits = model.edits[name] ?? {};
  const hideAllowed = !extra && mayHide(base, name);
  const labelValue = extra ? extra.schema.title : (edits.label ?? '');
  const helpValue = extra ? (extra.schema.description ?? '') : (edits.help ?? prop?.description ?? '');
  // Why a box cannot be changed: the base requires the field, or does not let it be hidden.
  const why = field.baseRequired
    ? wt(hideAllowed ? 'white-labels.field.base_required' : 'white-labels.field.base_required_no_hide')
    : !hideAllowed && !extra
      ? wt('white-labels.field.cannot_hide')
      : null;
  return (
    <li className={`wl-field${field.hidden ? ' wl-field-hidden' : ''}${extra ? ' wl-field-extra' : ''}`}>
      <fieldset>
        <legend>
          <span className="wl-field-title">{legend}</span>
          {extra && (
            <span className="badge wl-badge wl-badge-extra">
              {wt('white-labels.field.extra_badge', { kind: kindLabel(kindOf(extra.schema)) })}
            </span>
          )}
          {field.hidden && <span className="badge badge-no wl-badge">{wt('white-labels.field.hidden_badge')}</span>}
        </legend>
        <div className="wl-field-grid">
          <div className="wl-input wl-input-label">
            <label htmlFor={id('label')}>{wt('white-labels.field.label')}</label>
            <input
              id={id('label')}
              type="text"
              value={labelValue}
              maxLength={200}
              placeholder={prop?.title}
              disabled={!extra && !mayUse(base, name, 'label')}
              required={Boolean(extra)}
              onChange={(e) => onChange({ label: e.target.value })}
            />
          </div>
          <div className="wl-input wl-input-help">
            <label htmlFor={id('help')}>{wt('white-labels.field.help')}</label>
            <input
              id={id('help')}
              type="text"
              value={helpValue}
              maxLength={1000}
              disabled={!extra && !mayUse(base, name, 'help')}
              onChange={(e) => onChange({ help: e.target.value })}
            />
          </div>
          <div className="wl-checks">
            {!extra && (
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={field.hidden}
                  disabled={!hideAllowed}
                  aria-describedby={why && !hideAllowed ? id('why') : undefined}
                  onChange={(e) => onChange({ hidden: e.target.checked })}
                />
                {wt('white-labels.field.hidden')}
              </label>
            )}
            <label className="checkbox">
              <input
                type="checkbox"
                checked={field.required}
                disabled={field.baseRequired || field.hidden || (!extra && !mayUse(base, name, 'require'))}
                aria-describedby={field.baseRequired ? id('why') : undefined}
                onChange={(e) => onChange({ required: e.target.checked })}
              />
              {wt('white-labels.field.required')}
            </label>
            {extra && (
              <button type="button" className="button button-danger wl-remove" onClick={onRemove}>
                {wt('white-labels.field.remove')}
              </button>
            )}
          </div>
          <div
            className="wl-move"
            role="group"
            aria-label={wt('white-labels.field.position', { position: index + 1, count })}
          >
            <button
              type="button"
              className="icon-button"
              id={id('up')}
              disabled={index === 0}
              onClick={() => onMove(-1)}
              aria-label={wt('white-labels.field.move_up', { field: legend })}
            >
              ↑
            </button>
            <button
              type="button"
              className="icon-button"
              id={id('down')}
              disabled={index === count - 1}
              onClick={() => onMove(1)}
              aria-label={wt('white-labels.field.move_down', { field: legend })}
            >
              ↓
            </button>
          </div>
        </div>
        {why && (
          <p className="field-help" id={id('why')}>
            {why}
          </p>
        )}
      </fieldset>
    </li>
  );
}
