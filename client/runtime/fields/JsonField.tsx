import { Component, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Form from '@rjsf/core';
import type { FieldProps, RJSFSchema, UiSchema } from '@rjsf/utils';
import { validator } from '../rjsf-validator';
import type { FormLayoutContext } from '../templates';
import { jsonText, parseJsonText } from './json-text';

/** What the JSON field may ask of the form around it (GenericEdit's EditFormContext). */
interface ProblemReporter {
  /** A field whose text cannot be stored (or null when it can again): the form then refuses to save. */
  reportProblem?: (field: string, message: string | null) => void;
}

/**
 * A free-form object property (no declared properties) typed as JSON text: the generic form has
 * no fields to draw for it. The text is parsed on each change; while it is not JSON the last
 * valid value is not sent on, the French error shows under the field and the form will not save.
 */
export function JsonField(props: FieldProps) {
  const { fieldPathId, formData, schema, uiSchema, readonly, disabled, registry, name } = props;
  const id = fieldPathId.$id;
  const [text, setText] = useState(() => jsonText(formData));
  const [problem, setProblem] = useState<string | null>(null);
  // The value this editor last sent: a different one comes from outside (a reload) and replaces the text.
  const sent = useRef<string>(JSON.stringify(formData ?? null));
  useEffect(() => {
    const incoming = JSON.stringify(formData ?? null);
    if (incoming === sent.current) return;
    sent.current = incoming;
    setText(jsonText(formData));
    setProblem(null);
  }, [formData]);
  // The form's callback is stable (the formContext object around it is new on each render).
  const report = (registry.formContext as ProblemReporter | undefined)?.reportProblem;
  useEffect(() => {
    report?.(name, problem);
  }, [report, name, problem]);
  // A field that disappears (hidden by a rule, screen left) no longer stops a save.
  useEffect(() => () => report?.(name, null), [report, name]);

  const apply = (next: string) => {
    const parsed = parseJsonText(next);
    if (!parsed.ok) return setProblem(parsed.message);
    setProblem(null);
    const serialised = JSON.stringify(parsed.value);
    if (serialised === sent.current) return;
    sent.current = serialised;
    props.onChange(parsed.value as never, fieldPathId.path);
  };

  const options = (uiSchema?.['ui:options'] ?? {}) as { preview?: string; rows?: number };
  const help = uiSchema?.['ui:help'] as string | undefined;
  const error = problem ?? props.rawErrors?.[0] ?? null;
  const describedBy = [
    schema.description ? `${id}__description` : null,
    help ? `${id}__help` : null,
    error ? `${id}__error` : null,
  ].filter(Boolean);
  const value = useMemo(() => parseJsonText(text), [text]);
  return (
    // The preview sits outside the .field box: its error styling would otherwise colour the preview's inputs.
    <div className="json-field">
      <div className={`field${error ? ' has-error' : ''}`}>
        <label htmlFor={id}>
          {schema.title ?? name}
          {props.required && (
            <span className="required" aria-hidden="true">
              {' '}
              *
            </span>
          )}
        </label>
        <textarea
          id={id}
          name={fieldPathId.name ?? id}
          className="json-editor"
          value={text}
          // A fixed height: growing on blur (tidied text) would move the button being clicked.
          rows={options.rows ?? 12}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          readOnly={readonly}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-required={props.required || undefined}
          aria-describedby={describedBy.length ? describedBy.join(' ') : undefined}
          onChange={(e) => {
            setText(e.target.value);
            apply(e.target.value);
          }}
          onBlur={() => {
            // Tidy layout once the person leaves the field (only when the text is JSON).
            if (value.ok) setText(jsonText(value.value));
            props.onBlur(id, formData);
          }}
          onFocus={() => props.onFocus(id, formData)}
        />
        {schema.description && (
          <p className="field-help" id={`${id}__description`}>
            {schema.description}
          </p>
        )}
        {help && (
          <p className="field-help" id={`${id}__help`}>
            {help}
          </p>
        )}
        {error && (
          <p className="field-error" id={`${id}__error`} role="alert">
            {error}
          </p>
        )}
      </div>
      {options.preview === 'questionnaire' && value.ok && (
        <QuestionnairePreview form={value.value} registry={registry} />
      )}
    </div>
  );
}

/** Whether a value is a questionnaire with at least one question (what the booking step shows). */
function questionsOf(form: unknown): { schema: RJSFSchema; uiSchema: UiSchema } | null {
  if (!form || typeof form !== 'object') return null;
  const { schema, uiSchema } = form as { schema?: unknown; uiSchema?: unknown };
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  if (!properties || typeof properties !== 'object' || !Object.keys(properties).length) return null;
  return {
    schema: { type: 'object', ...(schema as RJSFSchema) },
    uiSchema: (uiSchema && typeof uiSchema === 'object' ? uiSchema : {}) as UiSchema,
  };
}

/**
 * The questionnaire as the public will see it at the booking step: the same RJSF widgets and
 * French templates as ReasonQuestionnaire (client/screens/booking), drawn as a <div> because it
 * sits inside the edit form (a form may not contain another).
 */
function QuestionnairePreview({ form, registry }: { form: unknown; registry: FieldProps['registry'] }) {
  const questions = questionsOf(form);
  const [answers, setAnswers] = useState<Record<string, unknown>>({});
  const key = JSON.stringify(questions);
  if (!questions)
    return (
      <section className="questionnaire-preview" aria-label="Aperçu du questionnaire">
        <p className="muted">Aperçu : aucune question pour l'instant.</p>
      </section>
    );
  const fields = Object.keys(questions.schema.properties ?? {});
  const formContext: FormLayoutContext = {
    layout: { kind: 'panels', sections: [{ id: 'booking-answers', title: 'Vos réponses', fields }] },
    errorFields: new Set(),
  };
  return (
    <section className="questionnaire-preview" aria-label="Aperçu du questionnaire">
      <h3 className="questionnaire-preview-title">Aperçu du questionnaire (tel que le public le verra)</h3>
      <PreviewBoundary key={key}>
        <Form
          tagName="div"
          className="booking-questionnaire"
          schema={questions.schema}
          uiSchema={questions.uiSchema}
          formData={answers}
          validator={validator}
          noValidate
          noHtml5Validate
          showErrorList={false}
          widgets={registry.widgets}
          templates={registry.templates}
          formContext={formContext}
          translateString={registry.translateString}
          idPrefix="questionnaire-preview"
          experimental_defaultFormStateBehavior={{ arrayMinItems: { populate: 'never' }, constAsDefaults: 'never' }}
          onChange={(e) => setAnswers((e.formData ?? {}) as Record<string, unknown>)}
        >
          <span />
        </Form>
      </PreviewBoundary>
    </section>
  );
}

/** A questionnaire RJSF cannot draw says so instead of breaking the edit screen. */
class PreviewBoundary extends Component<{ children: ReactNode }, { failed: string | null }> {
  override state = { failed: null as string | null };
  static getDerivedStateFromError(e: unknown) {
    return { failed: e instanceof Error ? e.message : String(e) };
  }
  override render() {
    if (this.state.failed)
      return (
        <p className="muted" role="status">
          Aperçu impossible pour ce questionnaire : {this.state.failed}
        </p>
      );
    return this.props.children;
  }
}
