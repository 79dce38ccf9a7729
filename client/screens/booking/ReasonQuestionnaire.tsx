import { useMemo } from 'react';
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { validator } from '../../runtime/rjsf-validator';
import { widgets } from '../../runtime/widgets/registry';
import { templates, type FormLayoutContext } from '../../runtime/templates';
import { translateString } from '../../runtime/translate-string';
import type { ReasonForm } from './booking-api';

/** Whether a reason declares a questionnaire with at least one question. */
export function hasQuestions(form: ReasonForm | null | undefined): form is ReasonForm {
  const props = (form?.schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return Boolean(props && Object.keys(props).length > 0);
}

/** The required questions left unanswered (the server checks everything again on confirming). */
export function missingAnswers(form: ReasonForm, answers: Record<string, unknown>): string[] {
  const required = (form.schema as { required?: unknown }).required;
  if (!Array.isArray(required)) return [];
  return required.filter((k): k is string => {
    if (typeof k !== 'string') return false;
    const v = answers[k];
    return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
  });
}

/**
 * A reason's questionnaire, drawn by the generic form runtime (the same widgets and French
 * templates as every form of the platform). Answers stay with the booking until it is confirmed.
 */
export function ReasonQuestionnaire(props: {
  form: ReasonForm;
  answers: Record<string, unknown>;
  onChange: (answers: Record<string, unknown>) => void;
  errors: Record<string, string>;
}) {
  const fields = Object.keys((props.form.schema as { properties: Record<string, unknown> }).properties);
  const formContext = useMemo<FormLayoutContext>(
    () => ({
      layout: { kind: 'panels', sections: [{ id: 'booking-answers', title: 'Vos réponses', fields }] },
      errorFields: new Set(Object.keys(props.errors)),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fields.join('|'), props.errors],
  );
  const extraErrors = Object.fromEntries(
    Object.entries(props.errors).map(([k, m]) => [k, { __errors: [m] }]),
  ) as ErrorSchema;
  return (
    <Form
      className="booking-questionnaire"
      schema={{ type: 'object', ...(props.form.schema as RJSFSchema) }}
      uiSchema={(props.form.uiSchema ?? {}) as UiSchema}
      formData={props.answers}
      validator={validator}
      noValidate
      noHtml5Validate
      showErrorList={false}
      extraErrors={extraErrors}
      widgets={widgets}
      templates={templates}
      formContext={formContext}
      translateString={translateString}
      idPrefix="questionnaire"
      experimental_defaultFormStateBehavior={{ arrayMinItems: { populate: 'never' }, constAsDefaults: 'never' }}
      onChange={(e) => props.onChange((e.formData ?? {}) as Record<string, unknown>)}
      onSubmit={() => undefined}
    >
      <span />
    </Form>
  );
}
