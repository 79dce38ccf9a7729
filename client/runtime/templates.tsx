import { useState, type KeyboardEvent, type ReactElement } from 'react';
import type {
  ArrayFieldItemTemplateProps,
  ArrayFieldTemplateProps,
  FieldTemplateProps,
  ObjectFieldTemplateProps,
  TemplatesType,
} from '@rjsf/utils';
import { confirmAction } from '../shell/confirm';
import type { FormSection } from '../../engine/schema/types';
import { t } from '../lib/messages';

export interface FormLayoutContext {
  layout: { kind: 'tabs' | 'panels'; sections: FormSection[] };
  /** Fields that currently have an error, to flag their section. */
  errorFields: Set<string>;
}

function isObjectItems(items: unknown): boolean {
  return (
    !!items && typeof items === 'object' && !Array.isArray(items) && (items as { type?: unknown }).type === 'object'
  );
}

/** Label, input, help and the first error of a field (spec 01 §8: first message per field). */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, required, children, rawErrors, rawDescription, rawHelp, hidden, displayLabel, schema } = props;
  if (hidden) return <div hidden>{children}</div>;
  if (schema.type === 'object') return children;
  // A list of objects draws its own legend, items and buttons (ArrayFieldTemplate).
  if (schema.type === 'array' && isObjectItems(schema.items)) return children;
  // So does a block list (BlocksField: legend, help, first error), at the form's full width.
  if (schema.type === 'array' && props.uiSchema?.['ui:options']?.blocks) return children;
  const help = rawHelp || rawDescription;
  const isCheckbox = schema.type === 'boolean';
  return (
    <div className={`field${rawErrors?.length ? ' has-error' : ''}`}>
      {displayLabel && !isCheckbox && label && (
        <label htmlFor={id}>
          {label}
          {required && (
            <span className="required" aria-hidden="true">
              {' '}
              *
            </span>
          )}
        </label>
      )}
      {children}
      {help && (
        <p className="field-help" id={`${id}__description`}>
          {help}
        </p>
      )}
      {rawErrors?.[0] && (
        <p className="field-error" id={`${id}__error`}>
          {rawErrors[0]}
        </p>
      )}
    </div>
  );
}

function Tabs({
  sections,
  render,
  errorFields,
}: {
  sections: FormSection[];
  render: (s: FormSection) => ReactElement;
  errorFields: Set<string>;
}) {
  const [active, setActive] = useState(0);
  const onKey = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % sections.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + sections.length) % sections.length
          : null;
    if (next === null) return;
    e.preventDefault();
    setActive(next);
    document.getElementById(`tab-${sections[next].id}`)?.focus();
  };
  return (
    <div className="tabs">
      <div role="tablist" className="tab-list">
        {sections.map((s, i) => {
          const hasError = s.fields.some((f) => errorFields.has(f));
          return (
            <button
              key={s.id}
              id={`tab-${s.id}`}
              type="button"
              role="tab"
              aria-selected={i === active}
              aria-controls={`panel-${s.id}`}
              tabIndex={i === active ? 0 : -1}
              className={`tab${hasError ? ' tab-error' : ''}`}
              onClick={() => setActive(i)}
              onKeyDown={(e) => onKey(e, i)}
            >
              {s.title}
              {hasError && <span className="visually-hidden"> (erreurs)</span>}
              {hasError && <span aria-hidden="true"> ⚠</span>}
            </button>
          );
        })}
      </div>
      {sections.map((s, i) => (
        <div
          key={s.id}
          id={`panel-${s.id}`}
          role="tabpanel"
          aria-labelledby={`tab-${s.id}`}
          hidden={i !== active}
          className="tab-panel"
        >
          {render(s)}
        </div>
      ))}
    </div>
  );
}

/** The root object is laid out in the form's sections (tabs or panels); nested objects as fieldsets. */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const context = props.registry.formContext as FormLayoutContext | undefined;
  const isRoot = props.fieldPathId.path.length === 0;
  if (!isRoot || !context?.layout) {
    return (
      <fieldset className="nested-object">
        {props.title && <legend>{props.title}</legend>}
        {props.properties.map((p) => (
          <div key={p.name}>{p.content}</div>
        ))}
      </fieldset>
    );
  }
  const byName = new Map(props.properties.map((p) => [p.name, p]));
  const placed = new Set<string>();
  const sections = context.layout.sections
    .map((s) => ({ ...s, fields: s.fields.filter((f) => byName.has(f)) }))
    .filter((s) => s.fields.length > 0);
  sections.forEach((s) => s.fields.forEach((f) => placed.add(f)));
  const rest = props.properties.filter((p) => !placed.has(p.name)).map((p) => p.name);
  if (rest.length) {
    if (sections.length) sections[sections.length - 1].fields.push(...rest);
    else sections.push({ id: 'general', title: 'Informations', fields: rest });
  }
  const render = (s: FormSection) => (
    <>
      {s.description && <p className="section-description">{s.description}</p>}
      {s.fields.some((f) => context.errorFields.has(f)) && (
        <p className="panel-error" role="alert">
          {t('ui.form_errors_in', { panel: s.title })}
        </p>
      )}
      {s.fields.map((f) => (
        <div key={f}>{byName.get(f)!.content}</div>
      ))}
    </>
  );
  if (context.layout.kind === 'tabs' && sections.length > 1)
    return <Tabs sections={sections} render={render} errorFields={context.errorFields} />;
  return (
    <>
      {sections.map((s) => (
        <section key={s.id} className="panel" aria-labelledby={`section-${s.id}`}>
          <h2 id={`section-${s.id}`}>{s.title}</h2>
          {render(s)}
        </section>
      ))}
    </>
  );
}

/** The title of one item of a list (« Paroi 2 »), from the item schema's title. */
function itemTitle(schemaTitle: unknown, index: number) {
  return `${typeof schemaTitle === 'string' && schemaTitle ? schemaTitle : t('ui.array_item')} ${index + 1}`;
}

/**
 * A list of objects in a form: a fieldset with its title, each item in its own fieldset with
 * « Retirer » (confirmed: the item's fields are lost at the next save), and « Ajouter » under the
 * list; a French sentence when it is empty. Buttons are real buttons with text (no icon font).
 */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { title, items, canAdd, onAddClick, disabled, readonly, schema, rawErrors, fieldPathId } = props;
  const itemSchema = (schema.items ?? {}) as { title?: string };
  return (
    <fieldset className="array-field" id={fieldPathId.$id}>
      {title && <legend>{title}</legend>}
      {items.length === 0 && <p className="array-empty">{t('ui.array_empty')}</p>}
      {items}
      {rawErrors?.[0] && <p className="field-error">{rawErrors[0]}</p>}
      {canAdd && !readonly && (
        <button type="button" className="button button-secondary" onClick={onAddClick} disabled={disabled}>
          {t('ui.array_add', { item: (itemSchema.title ?? t('ui.array_item')).toLowerCase() })}
        </button>
      )}
    </fieldset>
  );
}

export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, index, buttonsProps, disabled, readonly, schema } = props;
  const name = itemTitle(schema.title, index);
  const remove = async () => {
    if (await confirmAction(t('ui.array_remove_confirm', { item: name }), { confirm: t('ui.array_remove') }))
      buttonsProps.onRemoveItem();
  };
  return (
    <div className="array-item" role="group" aria-label={name}>
      {children}
      {buttonsProps.hasRemove && !readonly && (
        <div className="array-item-actions">
          {buttonsProps.hasMoveUp && (
            <button
              type="button"
              className="button button-secondary"
              onClick={buttonsProps.onMoveUpItem}
              disabled={disabled}
            >
              {t('ui.array_up')}
              <span className="visually-hidden"> : {name}</span>
            </button>
          )}
          <button type="button" className="button button-secondary" onClick={remove} disabled={disabled}>
            {t('ui.array_remove')}
            <span className="visually-hidden"> : {name}</span>
          </button>
        </div>
      )}
    </div>
  );
}

export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ErrorListTemplate: () => null,
  ButtonTemplates: { SubmitButton: () => null } as unknown as TemplatesType['ButtonTemplates'],
};
