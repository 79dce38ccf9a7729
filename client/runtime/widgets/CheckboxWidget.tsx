import type { WidgetProps } from '@rjsf/utils';
import { ariaProps } from './aria';

export function CheckboxWidget(props: WidgetProps) {
  return (
    <div className="checkbox">
      <input
        id={props.id}
        name={props.htmlName ?? props.id}
        type="checkbox"
        checked={Boolean(props.value)}
        disabled={props.disabled || props.readonly}
        autoFocus={props.autofocus}
        onChange={(e) => props.onChange(e.target.checked)}
        onBlur={() => props.onBlur(props.id, props.value)}
        onFocus={() => props.onFocus(props.id, props.value)}
        {...ariaProps(props)}
      />
      <label htmlFor={props.id}>
        {props.label}
        {props.required && (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
    </div>
  );
}
