import type { WidgetProps } from '@rjsf/utils';
import { ariaProps } from './aria';
import { t } from '../../lib/messages';

/** A choice among the declared values (labels from x-enum-labels, given to RJSF as ui:enumNames). */
export function SelectWidget(props: WidgetProps) {
  const options = (props.options.enumOptions ?? []) as { value: unknown; label: string }[];
  if (options.length === 0)
    return (
      <p className="muted" id={props.id}>
        {t('validation.no_options')}
      </p>
    );
  // A nullable choice lists `null` among its values: « Choisir… » stands for it, never a « null » option.
  const index = props.value === null ? -1 : options.findIndex((o) => o.value === props.value);
  return (
    <select
      id={props.id}
      name={props.htmlName ?? props.id}
      value={index >= 0 ? String(index) : ''}
      disabled={props.disabled || props.readonly}
      autoFocus={props.autofocus}
      onChange={(e) => props.onChange(e.target.value === '' ? undefined : options[Number(e.target.value)]?.value)}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
      {...ariaProps(props)}
    >
      <option value="">{t('ui.choose')}</option>
      {options.map((o, i) =>
        o.value === null ? null : (
          <option key={i} value={String(i)}>
            {o.label}
          </option>
        ),
      )}
    </select>
  );
}
