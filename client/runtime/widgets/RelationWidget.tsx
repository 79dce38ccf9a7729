import { useEffect, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { ariaProps, describedBy } from './aria';
import { useOptions } from '../use-options';
import { t } from '../../lib/messages';
import { matchesSearch } from '../../../engine/search/normalise';
import type { Option } from '../use-options';

interface RelationOptions {
  entity: string;
  field: string;
}

/** What the generic form offers its widgets (GenericEdit's EditFormContext). */
interface ChoicesContext {
  relationChoices?: (field: string, values: number[]) => number[];
  noChoicesText?: (field: string) => string | undefined;
}

function propertyOf(rel: RelationOptions): string {
  return rel.field.split('.').slice(1).join('.');
}

/**
 * The choices the rights allow for this record (the generic form evaluates the entity's rules
 * with each value); the value already stored stays, so that it shows as it is.
 */
function allowedOptions(props: WidgetProps, rel: RelationOptions, options: Option[], kept: number[]): Option[] {
  const choices = (props.registry.formContext as ChoicesContext | undefined)?.relationChoices;
  if (!choices || props.readonly || props.disabled) return options;
  const allowed = new Set(
    choices(
      propertyOf(rel),
      options.map((o) => o.value),
    ),
  );
  return options.filter((o) => allowed.has(o.value) || kept.includes(o.value));
}

/** One record of another entity, among those the user may choose (server-filtered). */
export function RelationWidget(props: WidgetProps) {
  const rel = props.options.relation as RelationOptions;
  const ids = typeof props.value === 'number' ? [props.value] : [];
  const { options: loaded } = useOptions(rel.entity, rel.field, ids);
  // With the form's option `chooseSingle`, a required choice with a single possible value (a
  // professional's own sheet) is made for the user: a select offering one option is a step for nothing.
  // Opt-in: elsewhere an empty required field must still say so (the form's error summary).
  const choices = loaded === null ? null : allowedOptions(props, rel, loaded, ids);
  const only =
    props.options.chooseSingle === true &&
    choices?.length === 1 &&
    props.required &&
    !props.readonly &&
    !props.disabled &&
    typeof props.value !== 'number'
      ? choices[0]!.value
      : null;
  useEffect(() => {
    if (only !== null) props.onChange(only);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [only]);
  if (loaded === null)
    return (
      <p className="muted" id={props.id}>
        {t('ui.options_loading')}
      </p>
    );
  const options = choices ?? [];
  if (options.length === 0)
    return (
      <p className="muted" id={props.id}>
        {(props.registry.formContext as ChoicesContext | undefined)?.noChoicesText?.(propertyOf(rel)) ??
          t('validation.no_options')}
      </p>
    );
  return (
    <select
      id={props.id}
      name={props.htmlName ?? props.id}
      value={typeof props.value === 'number' ? String(props.value) : ''}
      disabled={props.disabled || props.readonly}
      autoFocus={props.autofocus}
      onChange={(e) => props.onChange(e.target.value === '' ? undefined : Number(e.target.value))}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
      {...ariaProps(props)}
    >
      <option value="">{t('ui.choose')}</option>
      {options.map((o) => (
        <option key={o.value} value={String(o.value)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** Several records of another entity: a filterable list of checkboxes. */
export function RelationMultiWidget(props: WidgetProps) {
  const rel = props.options.relation as RelationOptions;
  // Only ids count: RJSF may hold placeholders (null) for list items.
  const value = Array.isArray(props.value)
    ? (props.value as unknown[]).filter((v): v is number => typeof v === 'number')
    : [];
  const { options } = useOptions(rel.entity, rel.field, value);
  const [filter, setFilter] = useState('');
  if (options === null)
    return (
      <p className="muted" id={props.id}>
        {t('ui.options_loading')}
      </p>
    );
  if (options.length === 0)
    return (
      <p className="muted" id={props.id}>
        {t('validation.no_options')}
      </p>
    );
  // Accents and case do not matter, as in the lists' search.
  const shown = filter ? options.filter((o) => matchesSearch(o.label, filter) || value.includes(o.value)) : options;
  const toggle = (id: number, on: boolean) => props.onChange(on ? [...value, id] : value.filter((v) => v !== id));
  return (
    // A group takes no aria-required/aria-invalid (axe: aria-allowed-attr); its legend and the
    // field's error text, referenced by aria-describedby, say both.
    <fieldset className="choice-list" id={props.id} aria-describedby={describedBy(props)}>
      <legend className="visually-hidden">
        {props.label}
        {props.required ? ` (${t('ui.required')})` : ''}
      </legend>
      {options.length > 8 && (
        <input
          type="search"
          className="choice-filter"
          aria-label={`${t('ui.search')} : ${props.label}`}
          placeholder={t('ui.search_placeholder')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      )}
      <ul>
        {shown.map((o) => (
          <li key={o.value} className="checkbox">
            <input
              type="checkbox"
              id={`${props.id}-${o.value}`}
              checked={value.includes(o.value)}
              disabled={props.disabled || props.readonly}
              onChange={(e) => toggle(o.value, e.target.checked)}
            />
            <label htmlFor={`${props.id}-${o.value}`}>{o.label}</label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
