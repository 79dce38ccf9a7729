import type { WidgetProps } from '@rjsf/utils';
import { ariaProps } from './aria';

const INPUT_TYPES: Record<string, string> = { email: 'email', url: 'url', phone: 'tel' };

export function TextWidget(props: WidgetProps) {
  const format = (props.options.format as string | undefined) ?? (props.schema.format as string | undefined);
  return (
    <input
      id={props.id}
      name={props.htmlName ?? props.id}
      type={INPUT_TYPES[format ?? ''] ?? 'text'}
      value={typeof props.value === 'string' || typeof props.value === 'number' ? props.value : ''}
      maxLength={typeof props.schema.maxLength === 'number' ? props.schema.maxLength : undefined}
      placeholder={props.placeholder}
      autoFocus={props.autofocus}
      disabled={props.disabled}
      readOnly={props.readonly}
      autoComplete={format === 'email' ? 'email' : format === 'phone' ? 'tel' : undefined}
      onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
      {...ariaProps(props)}
    />
  );
}
