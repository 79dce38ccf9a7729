import { useState } from 'react';
import type { EntityMeta } from '../../runtime/types';
import { effectiveField, type FormModel } from './form-model';
import { wt } from './i18n';

interface Props {
  base: EntityMeta;
  model: FormModel;
  onChange: (columns: string[] | null) => void;
  announce: (text: string) => void;
}

/** The list screen's columns: choose among the visible fields, order them, or go back to the declaration's. */
export function ListColumnsEditor({ base, model, onChange, announce }: Props) {
  const columns = model.listColumns ?? base.list.columns;
  const title = (c: string) => effectiveField(base, model, c).title;
  const candidates = [...Object.keys(base.schema.properties), ...Object.keys(model.extras)].filter(
    (c) => !columns.includes(c) && !model.edits[c]?.hidden,
  );
  const [adding, setAdding] = useState('');
  const move = (i: number, delta: -1 | 1) => {
    const next = [...columns];
    [next[i], next[i + delta]] = [next[i + delta], next[i]];
    onChange(next);
    announce(
      wt('white-labels.columns.moved', { column: title(columns[i]), position: i + delta + 1, count: columns.length }),
    );
    requestAnimationFrame(() => document.getElementById(`wl-col-${delta < 0 ? 'up' : 'down'}-${columns[i]}`)?.focus());
  };
  return (
    <div className="wl-columns">
      <ol className="wl-column-list">
        {columns.map((c, i) => (
          <li key={c} className={model.edits[c]?.hidden ? 'wl-field-hidden' : undefined}>
            <span className="wl-column-title">{title(c)}</span>
            {model.edits[c]?.hidden && (
              <span className="badge badge-no wl-badge">{wt('white-labels.field.hidden_badge')}</span>
            )}
            <span className="wl-move">
              <button
                type="button"
                className="icon-button"
                id={`wl-col-up-${c}`}
                disabled={i === 0}
                onClick={() => move(i, -1)}
                aria-label={wt('white-labels.columns.move_up', { column: title(c) })}
              >
                ↑
              </button>
              <button
                type="button"
                className="icon-button"
                id={`wl-col-down-${c}`}
                disabled={i === columns.length - 1}
                onClick={() => move(i, 1)}
                aria-label={wt('white-labels.columns.move_down', { column: title(c) })}
              >
                ↓
              </button>
              <button
                type="button"
                className="button"
                disabled={columns.length === 1}
                onClick={() => {
                  onChange(columns.filter((x) => x !== c));
                  announce(wt('white-labels.columns.removed', { column: title(c) }));
                }}
                aria-label={wt('white-labels.columns.remove', { column: title(c) })}
              >
                {wt('white-labels.columns.remove_short')}
              </button>
            </span>
          </li>
        ))}
      </ol>
      <div className="wl-column-add">
        <label htmlFor="wl-column-add">{wt('white-labels.columns.add')}</label>
        <select id="wl-column-add" value={adding} onChange={(e) => setAdding(e.target.value)}>
          <option value="">{wt('white-labels.columns.choose')}</option>
          {candidates.map((c) => (
            <option key={c} value={c}>
              {title(c)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button"
          disabled={!adding}
          onClick={() => {
            onChange([...columns, adding]);
            announce(wt('white-labels.columns.added', { column: title(adding) }));
            setAdding('');
          }}
        >
          {wt('white-labels.columns.add_button')}
        </button>
        {model.listColumns && (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              onChange(null);
              announce(wt('white-labels.columns.reset_done'));
            }}
          >
            {wt('white-labels.columns.reset')}
          </button>
        )}
      </div>
    </div>
  );
}
