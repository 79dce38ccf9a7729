import { isSafePattern } from 'redos-detector';
import { applyOverlay } from '../schema/apply-overlay';
import type { OverlayOp } from '../schema/overlay-types';
import type { EntityRuntime } from '../schema/registry';
import type { MessageCatalogue } from '../schema/types';
import type { FieldError } from './field-error';
import { compileSchema } from './compile-schema-ajv';
import { translate } from './messages';
import { constraintsOf, recordSchema } from './record-schema';
import { patternProblem } from './safe-regexp';

// Server side only (AJV compiles; redos-detector analyses): what an overlay's added fields would
// make of record validation, checked when the overlay is saved, imported or previewed, so that a
// bad pattern or constraint is refused then with a French message, never at the next write.

const TYPE_NAMES: Record<string, string> = {
  string: 'texte',
  integer: 'nombre entier',
  number: 'nombre',
  boolean: 'oui/non',
  array: 'liste',
  object: 'objet',
};

const NESTED_REPETITION =
  'une répétition en contient une autre, comme (a+)+ : vérifier un texte pourrait prendre un temps exponentiel';

/**
 * Why a pattern an administrator wrote cannot be used, in French, or null. Record patterns run on
 * RE2 (linear time), which refuses look-around and back-references. A pattern that would backtrack
 * exponentially on the usual engines (`^(a+)+$`) is refused too, although RE2 runs it safely here:
 * an overlay's schema leaves this server (exports, GET /meta/entity for API clients) and must not
 * stall whoever checks it with another engine. The analysis stops after 1 s and then refuses.
 */
export function adminPatternProblem(pattern: string): string | null {
  const syntax = patternProblem(pattern);
  if (syntax) return syntax;
  const analysis = isSafePattern(pattern, { unicode: true, timeout: 1000 });
  if (analysis.safe) return null;
  if (analysis.error === 'hitMaxScore') return NESTED_REPETITION;
  return 'le motif est trop complexe pour être vérifié';
}

/** AJV's strict-mode complaint "missing type "number" for keyword "minimum"" → French. */
function constraintProblem(e: Error, fieldType: unknown): { key: string; params: Record<string, unknown> } {
  const wrongType = e.message.match(/missing type "([a-z]+)" for keyword "([A-Za-z]+)"/);
  if (wrongType) {
    const type = TYPE_NAMES[String(fieldType)] ?? String(fieldType);
    return { key: 'overlay.keyword_type', params: { keyword: wrongType[2], type } };
  }
  return { key: 'overlay.schema', params: { reason: e.message } };
}

/**
 * The problems, as field errors with French messages, that `ops` would cause to record validation
 * of `base`: unusable patterns, constraints that do not apply to the field's type, and anything
 * else AJV refuses when it compiles the effective schema. Empty when the overlay compiles.
 */
export function overlaySchemaProblems(
  base: EntityRuntime,
  ops: OverlayOp[],
  catalogue: MessageCatalogue,
): FieldError[] {
  const problems: FieldError[] = [];
  const say = (path: string, key: string, params: Record<string, unknown>) => {
    problems.push({ path, code: 'overlay', params, message: translate(catalogue, key, params) });
  };
  ops.forEach((o, i) => {
    if (o.op !== 'addField') return;
    const field = o.schema.title || o.field;
    if (typeof o.schema.pattern === 'string') {
      const reason = adminPatternProblem(o.schema.pattern);
      if (reason) {
        say(`ops.${i}.schema.pattern`, 'overlay.pattern', { field, pattern: o.schema.pattern, reason });
        return;
      }
    }
    try {
      compileSchema({
        type: 'object',
        properties: { [o.field]: constraintsOf(o.schema as unknown as Record<string, unknown>) },
      });
    } catch (e) {
      const { key, params } = constraintProblem(e as Error, o.schema.type);
      say(`ops.${i}.schema`, key, { field, ...params });
    }
  });
  if (problems.length) return problems;
  try {
    compileSchema(recordSchema(applyOverlay(base, ops)));
  } catch (e) {
    say('ops', 'overlay.schema', { field: base.schema.title, reason: (e as Error).message });
  }
  return problems;
}
