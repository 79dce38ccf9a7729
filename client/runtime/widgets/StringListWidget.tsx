import { useState, type KeyboardEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { ariaProps } from './aria';
import { t } from '../../lib/messages';

/**
 * INSEE codes are written in capitals (2A, 2B); web addresses in lower case and without the
 * final slash that a copied address often has (origins such as https://www.exemple.fr).
 */
function normalise(items: { format?: string } | undefined, text: string): string {
  if (items?.format === 'insee-code') return text.toUpperCase();
  return /^https?:\/\//i.test(text) ? text.toLowerCase().replace(/\/+$/, '') : text;
}

/** A list of short texts (e.g. INSEE codes): type one, press Entrée or « Ajouter ». */
export function StringListWidget(props: WidgetProps) {
  const value = Array.isArray(props.value) ? (props.value as string[]) : [];
  const [text, setText] = useState('');
  const items = props.schema.items as { format?: string } | undefined;
  const placeholder = props.placeholder || (items?.format === 'insee-code' ? t('ui.insee_placeholder') : undefined);
  const add = () => {
    const added = text
      .split(/[\s,;]+/)
      .map((s) => normalise(items, s.trim()))
      .filter(Boolean);
    if (!added.length) return;
    props.onChange([...value, ...added.filter((i) => !value.includes(i))]);
    setText('');
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  return (
    <div className="string-list">
      <ul className="chips" aria-label={props.label}>
        {value.map((v) => (
          <li key={v} className="chip">
            {v}
            {!props.readonly && !props.disabled && (
              <button
                type="button"
                className="chip-remove"
                aria-label={`${t('ui.remove')} ${v}`}
                onClick={() => props.onChange(value.filter((x) => x !== v))}
              >
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
      {!props.readonly && !props.disabled && (
        <div className="inline-input">
          <input
            id={props.id}
            type="text"
            value={text}
            placeholder={placeholder}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKey}
            {...ariaProps(props)}
          />
          <button type="button" className="button" onClick={add}>
            {t('ui.add')}
          </button>
        </div>
      )}
    </div>
  );
}
