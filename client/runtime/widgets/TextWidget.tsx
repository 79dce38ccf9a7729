import type { WidgetProps } from '@rjsf/utils';
import { ariaProps } from './aria';
import { PhoneLink } from '../display-value';
import { t } from '../../lib/messages';

const INPUT_TYPES: Record<string, string> = { email: 'email', url: 'url', phone: 'tel' };

export function TextWidget(props: WidgetProps) {
  const format = (props.options.format as string | undefined) ?? (props.schema.format as string | undefined);
  const input = (
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
  // Call or write straight from the record page.
  const value = typeof props.value === 'string' ? props.value.trim() : '';
  if (!value || (format !== 'phone' && format !== 'email')) return input;
  return (
    <span className="input-with-link">
      {input}
      {format === 'phone' ? (
        <PhoneLink phone={value} label={t('ui.call_phone', { phone: value })}>
          {t('ui.call')}
        </PhoneLink>
      ) : (
        <a href={`mailto:${value}`} aria-label={t('ui.write_email', { email: value })}>
          {t('ui.write')}
        </a>
      )}
    </span>
  );
}
