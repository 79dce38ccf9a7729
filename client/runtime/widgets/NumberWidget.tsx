import { useEffect, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { ariaProps } from './aria';
import { parseFrenchNumber } from '../../lib/format';

const show = (v: unknown) => (typeof v === 'number' ? String(v).replace('.', ',') : typeof v === 'string' ? v : '');

/**
 * Numbers typed the French way ("12,5" as well as "12.5"). A value that is not a number is
 * passed on as typed, so that validation names the error instead of silently dropping it.
 */
export function NumberWidget(props: WidgetProps) {
  const [text, setText] = useState(show(props.value));
  useEffect(() => {
    const parsed = parseFrenchNumber(text);
    if (parsed !== props.value && !(Number.isNaN(parsed) && props.value === text)) setText(show(props.value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.value]);
  return (
    <input
      id={props.id}
      name={props.htmlName ?? props.id}
      type="text"
      inputMode={props.schema.type === 'integer' ? 'numeric' : 'decimal'}
      value={text}
      placeholder={props.placeholder}
      autoFocus={props.autofocus}
      disabled={props.disabled}
      readOnly={props.readonly}
      onChange={(e) => {
        setText(e.target.value);
        const n = parseFrenchNumber(e.target.value);
        props.onChange(n === undefined ? undefined : Number.isNaN(n) ? e.target.value : n);
      }}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
      {...ariaProps(props)}
    />
  );
}
