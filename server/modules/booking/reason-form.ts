import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FieldError } from '../../../engine/validation/field-error';
import { safeRegExp } from '../../../engine/validation/safe-regexp';
import { ValidationError } from '../../http/http-error';
import type { RequestContext } from '../../context';
import { fieldErrors } from '../simulators/request-validation';
import { BOOKING_MESSAGES } from './booking-messages';

/**
 * The JSON Schema keywords a reason's questionnaire may use: what the generic form runtime renders
 * (text, number, choice, yes/no, lists of choices) and nothing that would run code or fetch.
 */
const KEYWORDS = new Set([
  'type',
  'title',
  'description',
  'properties',
  'required',
  'enum',
  'const',
  'oneOf',
  'anyOf',
  'default',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'items',
  'minItems',
  'maxItems',
  'uniqueItems',
  'additionalProperties',
  'examples',
]);
const FORMATS = new Set(['email', 'date', 'date-time', 'time', 'uri']);
const MAX_FORM_CHARS = 50_000;

let shared: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

function ajv(): Ajv2020 {
  // verbose: the French messages name the question (its title, from the parent schema).
  if (!shared) {
    shared = new Ajv2020({ allErrors: true, strict: true, verbose: true, code: { regExp: safeRegExp } });
    addFormats(shared);
  }
  return shared;
}

/** Why a questionnaire schema is outside the supported subset, or null. */
function subsetProblem(node: unknown, path: string): string | null {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return `${path || '/'} n'est pas un objet`;
  for (const [key, value] of Object.entries(node)) {
    if (!KEYWORDS.has(key)) return `mot-clé « ${key} » non pris en charge (${path || '/'})`;
    if (key === 'format' && !FORMATS.has(String(value))) return `format « ${String(value)} » non pris en charge`;
    if (key === 'properties') {
      if (!value || typeof value !== 'object') return `${path}/properties n'est pas un objet`;
      for (const [name, child] of Object.entries(value)) {
        const problem = subsetProblem(child, `${path}/properties/${name}`);
        if (problem) return problem;
      }
    }
    if (key === 'items' || (key === 'additionalProperties' && typeof value === 'object')) {
      const problem = subsetProblem(value, `${path}/${key}`);
      if (problem) return problem;
    }
    if (key === 'oneOf' || key === 'anyOf') {
      if (!Array.isArray(value)) return `${path}/${key} n'est pas une liste`;
      for (const [i, child] of value.entries()) {
        const problem = subsetProblem(child, `${path}/${key}/${i}`);
        if (problem) return problem;
      }
    }
  }
  return null;
}

/**
 * Why a reason's `form` ({schema, uiSchema}) cannot be used, in French; null when it can (or is
 * empty). The schema must describe an object of questions in the supported subset and compile.
 */
export function reasonFormProblem(form: unknown): string | null {
  if (form === null || form === undefined) return null;
  if (typeof form !== 'object' || Array.isArray(form)) return 'le questionnaire doit être un objet {schema, uiSchema}';
  const { schema, uiSchema, ...rest } = form as Record<string, unknown>;
  if (Object.keys(rest).length) return `propriété « ${Object.keys(rest)[0]} » inattendue`;
  if (uiSchema !== undefined && (uiSchema === null || typeof uiSchema !== 'object' || Array.isArray(uiSchema)))
    return 'uiSchema doit être un objet';
  if (JSON.stringify(form).length > MAX_FORM_CHARS) return 'questionnaire trop long';
  if (!schema || typeof schema !== 'object' || (schema as Record<string, unknown>).type !== 'object')
    return 'schema doit décrire un objet (type « object »)';
  const problem = subsetProblem(schema, '');
  if (problem) return problem;
  try {
    validatorOf(schema as object);
  } catch (err) {
    return (err as Error).message;
  }
  return null;
}

function validatorOf(schema: object): ValidateFunction {
  const key = JSON.stringify(schema);
  let v = compiled.get(key);
  if (!v) {
    const instance = ajv();
    try {
      v = instance.compile(schema);
    } finally {
      instance.removeSchema(schema);
    }
    if (compiled.size > 500) compiled.clear();
    compiled.set(key, v);
  }
  return v;
}

function problemError(path: string, text: string): ValidationError {
  const error: FieldError = { path, code: 'invalid', params: {}, message: text };
  return new ValidationError([error], BOOKING_MESSAGES.summary);
}

/**
 * The answers to a reason's questionnaire, checked against it (French messages per question,
 * paths under /formAnswers); null when the reason has no questionnaire and nothing was answered.
 */
export function checkedFormAnswers(ctx: RequestContext, form: unknown, answers: unknown): unknown {
  const schema = (form as { schema?: unknown } | null)?.schema;
  if (answers === undefined || answers === null) answers = schema ? {} : null;
  if (answers === null) return null;
  if (typeof answers !== 'object' || Array.isArray(answers))
    throw problemError('/formAnswers', BOOKING_MESSAGES.notAnObject);
  // No questionnaire: nothing was asked, so nothing is kept (no free storage of arbitrary data).
  if (!schema) return null;
  if (JSON.stringify(answers).length > MAX_FORM_CHARS)
    throw problemError('/formAnswers', BOOKING_MESSAGES.tooLong.replace('{max}', String(MAX_FORM_CHARS)));
  const validate = validatorOf(schema as object);
  if (!validate(answers)) {
    throw new ValidationError(
      fieldErrors(ctx, schema as Record<string, unknown>, validate.errors ?? [], '/formAnswers'),
      BOOKING_MESSAGES.summary,
    );
  }
  return answers;
}

/** A bad stored questionnaire refuses the reason's save (hook `reasonForm`). */
export function reasonFormErrors(form: unknown): FieldError[] {
  const problem = reasonFormProblem(form);
  return problem
    ? [
        {
          path: 'form',
          code: 'invalid_form',
          params: {},
          message: BOOKING_MESSAGES.formInvalid.replace('{detail}', problem),
        },
      ]
    : [];
}
