import type { WidgetProps } from '@rjsf/utils';
import { ariaProps } from './aria';

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** ISO instant ↔ the browser's local "YYYY-MM-DDTHH:MM" of a datetime-local input. */
export function isoToLocalInput(iso: unknown): string {
  if (typeof iso !== 'string' || iso === '') return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function localInputToIso(v: string): string | undefined {
  if (!v) return undefined;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? v : d.toISOString();
}

function common(props: WidgetProps) {
  return {
    id: props.id,
    name: props.htmlName ?? props.id,
    disabled: props.disabled,
    readOnly: props.readonly,
    autoFocus: props.autofocus,
    onBlur: () => props.onBlur(props.id, props.value),
    onFocus: () => props.onFocus(props.id, props.value),
    ...ariaProps(props),
  };
}

export function DateTimeWidget(props: WidgetProps) {
  return (
    <input
      type="datetime-local"
      value={isoToLocalInput(props.value)}
      onChange={(e) => props.onChange(localInputToIso(e.target.value))}
      {...common(props)}
    />
  );
}

export function DateWidget(props: WidgetProps) {
  return (
    <input
      type="date"
      value={typeof props.value === 'string' ? props.value : ''}
      onChange={(e) => props.onChange(e.target.value || undefined)}
      {...common(props)}
    />
  );
}

export function TimeWidget(props: WidgetProps) {
  return (
    <input
      type="time"
      value={typeof props.value === 'string' ? props.value.slice(0, 5) : ''}
      onChange={(e) => props.onChange(e.target.value || undefined)}
      {...common(props)}
    />
  );
}

export function ColorWidget(props: WidgetProps) {
  const value = typeof props.value === 'string' ? props.value : '';
  const full = /^#[0-9a-f]{3}$/i.test(value)
    ? `#${value
        .slice(1)
        .split('')
        .map((c) => c + c)
        .join('')}`
    : value;
  return (
    <div className="color-widget">
      <input
        type="color"
        aria-hidden="true"
        tabIndex={-1}
        value={/^#[0-9a-f]{6}$/i.test(full) ? full : '#888888'}
        disabled={props.disabled || props.readonly}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <input
        type="text"
        value={value}
        maxLength={7}
        onChange={(e) => props.onChange(e.target.value || undefined)}
        {...common(props)}
      />
    </div>
  );
}
