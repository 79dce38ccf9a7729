import { useState, type KeyboardEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { ariaProps } from './aria';
import { t } from '../../lib/messages';

/** A list of short texts (e.g. INSEE codes): type one, press Entrée or « Ajouter ». */
export function StringListWidget(props: WidgetProps) {
  const value = Array.isArray(props.value) ? (props.value as string[]) : [];
  const [text, setText] = useState('');
  const add = () => {
    const items = text.split(/[\s,;]+/).map((s) => s.trim().toUpperCase()).filter(Boolean);
    if (!items.length) return;
    props.onChange([...value, ...items.filter((i) => !value.includes(i))]);
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
              <button type="button" className="chip-remove" aria-label={`${t('ui.remove')} ${v}`} onClick={() => props.onChange(value.filter((x) => x !== v))}>×</button>
            )}
          </li>
        ))}
      </ul>
      {!props.readonly && !props.disabled && (
        <div className="inline-input">
          <input id={props.id} type="text" value={text} placeholder={t('ui.insee_placeholder')} onChange={(e) => setText(e.target.value)} onKeyDown={onKey} {...ariaProps(props)} />
          <button type="button" className="button" onClick={add}>{t('ui.add')}</button>
        </div>
      )}
    </div>
  );
}
