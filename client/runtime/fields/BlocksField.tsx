import { Suspense, useEffect, useRef, useState } from 'react';
import Form from '@rjsf/core';
import type { ErrorSchema, FieldProps, RJSFSchema, UiSchema } from '@rjsf/utils';
import { validator } from '../rjsf-validator';
import { confirmAction } from '../../shell/confirm';
import { blockPreviews } from '../../screens/block-previews';
import type { RecordData } from '../types';
import { t } from '../../lib/messages';
import { blockWith, missingFields, sameBlock, type BlockKind } from './blocks';

type Block = { type: string; [field: string]: unknown };

/** What the generic form offers this field (GenericEdit's EditFormContext). */
interface RecordContext {
  record?: RecordData;
}

/**
 * A list of content blocks (an array of `oneOf` objects told apart by their `type` constant,
 * `x-blocks`): add a block by choosing its kind, edit its fields with the form's own widgets and
 * French templates, move it up or down, remove it after confirmation; the declared live preview
 * beside it. Each block is a small RJSF form of its kind's schema (build-form.ts hands the kinds
 * over in ui:options), so RJSF never has to guess a kind from a `oneOf`.
 */
export function BlocksField(props: FieldProps) {
  const { fieldPathId, formData, schema, uiSchema, readonly, disabled, registry } = props;
  const id = fieldPathId.$id;
  const { kinds, preview } = (uiSchema?.['ui:options']?.blocks ?? { kinds: [], preview: null }) as {
    kinds: BlockKind[];
    preview: string | null;
  };
  const blocks: Block[] = Array.isArray(formData) ? (formData as Block[]) : [];
  // One stable key per block, moved with it: a block's inputs keep their state and ids when it moves.
  const keys = useRef<number[]>([]);
  const nextKey = useRef(0);
  while (keys.current.length < blocks.length) keys.current.push(nextKey.current++);
  if (keys.current.length > blocks.length) keys.current.length = blocks.length;
  const [choice, setChoice] = useState(kinds[0]?.type ?? '');
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const locked = Boolean(readonly || disabled);
  const kindOf = (type: string) => kinds.find((k) => k.type === type);
  const change = (next: Block[], nextKeys: number[]) => {
    keys.current = nextKeys;
    props.onChange(next as never, fieldPathId.path);
  };
  const headingId = (key: number) => `${id}-block-${key}-heading`;
  const buttonId = (key: number, what: string) => `${id}-block-${key}-${what}`;

  const add = () => {
    const kind = kindOf(choice);
    if (!kind) return;
    const key = nextKey.current++;
    focusNext.current = headingId(key);
    change([...blocks, { type: kind.type }], [...keys.current, key]);
  };
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    if (to < 0 || to >= blocks.length) return;
    const next = [...blocks];
    const nextKeys = [...keys.current];
    [next[index], next[to]] = [next[to]!, next[index]!];
    [nextKeys[index], nextKeys[to]] = [nextKeys[to]!, nextKeys[index]!];
    const key = nextKeys[to]!;
    // The same button stays under the keyboard, unless the block reached the end it moved to.
    const edge = (by === -1 && to === 0) || (by === 1 && to === blocks.length - 1);
    focusNext.current = buttonId(key, edge ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down');
    change(next, nextKeys);
  };
  const remove = async (index: number) => {
    const name = blockName(index, blocks[index]!);
    if (!(await confirmAction(t('ui.blocks_remove_confirm', { block: name }), { confirm: t('ui.blocks_remove') })))
      return;
    const nextKeys = keys.current.filter((_, i) => i !== index);
    const after = nextKeys[index] ?? nextKeys[index - 1];
    focusNext.current = after === undefined ? `${id}-kind` : headingId(after);
    change(
      blocks.filter((_, i) => i !== index),
      nextKeys,
    );
  };
  const update = (index: number, value: Record<string, unknown>) => {
    const block = blockWith(blocks[index]!.type, value);
    // RJSF reports its first render too: an unchanged block must not mark the record as changed.
    if (sameBlock(block, blocks[index])) return;
    const next = [...blocks];
    next[index] = block;
    change(next, keys.current);
  };
  const blockName = (index: number, block: Block) =>
    t('ui.blocks_item', { n: index + 1, kind: kindOf(block.type)?.title ?? block.type });

  // After a refused save, the fields each block still needs are marked on the block itself (the
  // record's validation names the list, not the block).
  const refused = Boolean(props.errorSchema?.__errors?.length || props.rawErrors?.length);
  const errors = props.errorSchema?.__errors ?? props.rawErrors ?? [];
  const Preview = preview ? blockPreviews[preview] : undefined;
  const record = (registry.formContext as RecordContext | undefined)?.record ?? {};

  return (
    <div className={`blocks-field${Preview ? ' with-preview' : ''}`}>
      <fieldset
        className="blocks-editor"
        id={id}
        aria-describedby={schema.description ? `${id}__description` : undefined}
      >
        <legend>{schema.title}</legend>
        {schema.description && (
          <p className="field-help" id={`${id}__description`}>
            {schema.description}
          </p>
        )}
        {errors[0] && (
          <p className="field-error" role="alert">
            {errors[0]}
          </p>
        )}
        {blocks.length === 0 && <p className="array-empty">{t('ui.blocks_empty')}</p>}
        <ol className="blocks-list">
          {blocks.map((block, index) => {
            const key = keys.current[index]!;
            const kind = kindOf(block.type);
            const name = blockName(index, block);
            const { type: _type, ...values } = block;
            const missing = refused && kind ? missingFields(kind.schema, values) : [];
            return (
              <li key={key} className="block-item" aria-labelledby={headingId(key)}>
                <div className="block-item-head">
                  <h3 id={headingId(key)} tabIndex={-1}>
                    {name}
                  </h3>
                  {!locked && (
                    <div className="block-item-actions">
                      <button
                        type="button"
                        id={buttonId(key, 'up')}
                        className="button button-secondary"
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      >
                        {t('ui.array_up')}
                        <span className="visually-hidden"> : {name}</span>
                      </button>
                      <button
                        type="button"
                        id={buttonId(key, 'down')}
                        className="button button-secondary"
                        disabled={index === blocks.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        {t('ui.array_down')}
                        <span className="visually-hidden"> : {name}</span>
                      </button>
                      <button type="button" className="button button-secondary" onClick={() => void remove(index)}>
                        {t('ui.blocks_remove')}
                        <span className="visually-hidden"> : {name}</span>
                      </button>
                    </div>
                  )}
                </div>
                {!kind ? (
                  <p className="muted">{t('ui.blocks_unknown', { kind: block.type })}</p>
                ) : Object.keys(kind.schema.properties ?? {}).length === 0 ? (
                  <p className="muted small">{t('ui.blocks_no_field')}</p>
                ) : (
                  <Form
                    tagName="div"
                    className="block-form"
                    schema={kind.schema as RJSFSchema}
                    uiSchema={{ ...(kind.uiSchema as UiSchema), 'ui:title': '' }}
                    formData={values}
                    validator={validator}
                    noValidate
                    noHtml5Validate
                    showErrorList={false}
                    extraErrors={
                      Object.fromEntries(
                        missing.map((f) => [f, { __errors: [t('validation.required')] }]),
                      ) as ErrorSchema
                    }
                    widgets={registry.widgets}
                    fields={registry.fields}
                    templates={registry.templates}
                    translateString={registry.translateString}
                    readonly={locked}
                    idPrefix={`${id}-block-${key}`}
                    experimental_defaultFormStateBehavior={{
                      arrayMinItems: { populate: 'never' },
                      constAsDefaults: 'never',
                    }}
                    onChange={(e) => update(index, (e.formData ?? {}) as Record<string, unknown>)}
                  >
                    <span />
                  </Form>
                )}
              </li>
            );
          })}
        </ol>
        {!locked && kinds.length > 0 && (
          <div className="blocks-add">
            <label htmlFor={`${id}-kind`}>{t('ui.blocks_kind')}</label>
            <select id={`${id}-kind`} value={choice} onChange={(e) => setChoice(e.target.value)}>
              {kinds.map((k) => (
                <option key={k.type} value={k.type}>
                  {k.title}
                </option>
              ))}
            </select>
            <button type="button" className="button button-secondary" onClick={add}>
              {t('ui.blocks_add')}
            </button>
          </div>
        )}
      </fieldset>
      {Preview && (
        <Suspense fallback={<p className="muted">{t('ui.loading')}</p>}>
          <Preview blocks={blocks} record={record} />
        </Suspense>
      )}
    </div>
  );
}
