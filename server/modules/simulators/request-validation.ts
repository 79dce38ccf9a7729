import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Registry } from '../../../engine/schema/registry';
import type { FieldError } from '../../../engine/validation/field-error';
import { errorCode } from '../../../engine/validation/map-ajv-error';
import { translate } from '../../../engine/validation/messages';
import { SimulatorInputError } from '../../../engine/simulators';
import { HttpError, ValidationError } from '../../http/http-error';
import { message, type RequestContext } from '../../context';

export type SimulatorName = 'thermix' | 'therminix' | 'ecorenover';

const SCHEMA_IDS: Record<SimulatorName, string> = {
  thermix: 'urn:app:simulator:thermix-compute-request',
  therminix: 'urn:app:simulator:therminix-compute-request',
  ecorenover: 'urn:app:simulator:ecorenover-compute-request',
};

/** Far beyond what the screens send (about 5 levels), far below what could exhaust the stack. */
export const MAX_DEPTH = 32;
/** Values in one compute request: the metropole block may carry the screen's town table. */
export const MAX_NODES = 20_000;
/** A badly broken payload gets this many field errors, not thousands. */
const MAX_ERRORS = 100;

type Schema = Record<string, unknown>;

const validators = new WeakMap<Registry, Record<SimulatorName, ValidateFunction>>();

function validatorsOf(registry: Registry): Record<SimulatorName, ValidateFunction> {
  let found = validators.get(registry);
  if (!found) {
    // The request schemas' own test compiles them the same way: AJV 2020-12, every error at once.
    const ajv = new Ajv2020({ allErrors: true, strict: true, verbose: true });
    addFormats(ajv);
    const compile = (name: SimulatorName) => {
      const schema = registry.declarations.others[SCHEMA_IDS[name]];
      if (!schema) throw new Error(`request schema ${SCHEMA_IDS[name]} is not declared`);
      return ajv.compile(schema);
    };
    found = { thermix: compile('thermix'), therminix: compile('therminix'), ecorenover: compile('ecorenover') };
    validators.set(registry, found);
  }
  return found;
}

/** Depth and size of a parsed body, walked without recursion (a hostile body may nest deeply). */
export function inspectBody(
  body: unknown,
  maxDepth = MAX_DEPTH,
  maxNodes = MAX_NODES,
): 'too_deep' | 'too_large' | null {
  const stack: { value: unknown; depth: number }[] = [{ value: body, depth: 0 }];
  let nodes = 0;
  while (stack.length) {
    const { value, depth } = stack.pop()!;
    nodes += 1;
    if (nodes > maxNodes) return 'too_large';
    if (value === null || typeof value !== 'object') continue;
    if (depth >= maxDepth) return 'too_deep';
    for (const child of Array.isArray(value) ? value : Object.values(value))
      stack.push({ value: child, depth: depth + 1 });
  }
  return null;
}

function resolveRef(root: Schema, schema: Schema | undefined): Schema | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/$defs/')) return schema;
  return (root.$defs as Record<string, Schema> | undefined)?.[ref.slice('#/$defs/'.length)];
}

function titleOf(root: Schema, schema: Schema | undefined): string | undefined {
  const title = schema?.title ?? resolveRef(root, schema)?.title;
  return typeof title === 'string' ? title : undefined;
}

/** Lower is more useful: one message per field, the most telling one. */
function rank(e: ErrorObject): number {
  if (e.keyword === 'required') return 0;
  if (e.keyword === 'type') {
    const types = ([] as unknown[]).concat(e.params.type);
    // Inside "null or object", the null branch's complaint says nothing useful.
    return types.length === 1 && types[0] === 'null' ? 3 : 1;
  }
  if (e.keyword === 'anyOf' || e.keyword === 'oneOf') return 4;
  return 2;
}

/**
 * AJV errors → the project's wire format: `path` is a JSON Pointer to the field (the missing or
 * unexpected key included), `code`/`params` those of the catalogue (validation.required,
 * validation.max_value…), `message` its French text, `params.label` the field's French title.
 */
export function fieldErrors(
  ctx: RequestContext,
  root: Schema,
  errors: readonly ErrorObject[],
  prefix = '',
): FieldError[] {
  const best = new Map<string, { error: ErrorObject; rank: number; field?: Schema }>();
  for (const e of errors) {
    let path = e.instancePath;
    let field = e.parentSchema as Schema | undefined;
    if (e.keyword === 'required') {
      const missing = String(e.params.missingProperty);
      path += `/${missing}`;
      field = resolveRef(root, field)?.properties
        ? (resolveRef(root, field)!.properties as Record<string, Schema>)[missing]
        : undefined;
    } else if (e.keyword === 'additionalProperties') {
      path += `/${String(e.params.additionalProperty)}`;
      field = undefined;
    }
    const r = rank(e);
    const known = best.get(path);
    if (!known || r < known.rank) best.set(path, { error: e, rank: r, field });
  }
  const out: FieldError[] = [];
  for (const [path, { error, field }] of [...best.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .slice(0, MAX_ERRORS)) {
    const { code, params } = errorCode(error, (field ?? {}) as { minLength?: number; maxLength?: number });
    const label = titleOf(root, field);
    const withLabel = label ? { ...params, label } : params;
    out.push({
      path: `${prefix}${path}`,
      code,
      params: withLabel,
      message: translate(ctx.app.catalogue, [`simulators.${code}`, `validation.${code}`], withLabel),
    });
  }
  return out;
}

function bodyError(
  ctx: RequestContext,
  path: string,
  code: string,
  params: Record<string, unknown> = {},
): ValidationError {
  return new ValidationError(
    [{ path, code, params, message: message(ctx.app, `simulators.${code}`, params) }],
    message(ctx.app, 'validation.summary'),
  );
}

/** The size and shape checks every simulator body goes through before its schema. */
export function assertReasonableBody(
  ctx: RequestContext,
  body: unknown,
  path = '',
  limits: { maxNodes?: number } = {},
): void {
  const problem = inspectBody(body, MAX_DEPTH, limits.maxNodes ?? MAX_NODES);
  if (problem === 'too_large') throw new HttpError(413, 'too_large', message(ctx.app, 'errors.413'));
  if (problem === 'too_deep') throw bodyError(ctx, path, 'too_deep', { max: MAX_DEPTH });
}

/**
 * A compute request checked against its schema (schemas/simulators/): the typed body, or a 400 with
 * one French message per field. `prefix` places the errors inside a larger body (the PDF reports).
 */
export function validateSimulatorRequest<T>(ctx: RequestContext, name: SimulatorName, body: unknown, prefix = ''): T {
  if (body === undefined) body = {};
  assertReasonableBody(ctx, body, prefix);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw bodyError(ctx, prefix, 'body_object');
  const validate = validatorsOf(ctx.app.registry)[name];
  if (!validate(body)) {
    throw new ValidationError(
      fieldErrors(ctx, validate.schema as Schema, validate.errors ?? [], prefix),
      message(ctx.app, 'validation.summary'),
    );
  }
  return body as T;
}

/** Runs an engine; its input errors (unknown system, incomplete proposition…) become a 400. */
export function runEngine<T>(ctx: RequestContext, compute: () => T, prefix = ''): T {
  try {
    return compute();
  } catch (e) {
    if (e instanceof SimulatorInputError) {
      const errors = e.errors.map((error) => ({
        ...error,
        params: { ...error.params },
        path: `${prefix}${error.path}`,
      }));
      throw new ValidationError(errors, e.message || message(ctx.app, 'validation.summary'));
    }
    throw e;
  }
}

/** Recursion is safe here: results are shallow, and echoed request parts passed the depth check. */
function hasNonFinite(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (hasNonFinite(value[i])) return true;
    return false;
  }
  for (const key in value) if (hasNonFinite((value as Record<string, unknown>)[key])) return true;
  return false;
}

/**
 * Extreme but schema-valid inputs (a tiny efficiency with a huge need) can overflow to Infinity,
 * which JSON would silently turn into null: refuse them with a message instead.
 */
export function assertFiniteResult(ctx: RequestContext, result: unknown, path = ''): void {
  if (hasNonFinite(result)) throw bodyError(ctx, path, 'out_of_range');
}
