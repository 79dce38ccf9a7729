import type { EffectiveEntity } from '../../engine/schema/apply-overlay';
import type { FieldError } from '../../engine/validation/field-error';
import { errorKeys, translate } from '../../engine/validation/messages';
import type { RequestContext } from '../context';
import type { ApiRecord } from '../db/row-mapper';

function blank(v: unknown): boolean {
  return v === undefined || v === null || v === '';
}

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/** Whether a sent value differs from the current one (a screen sends back what it showed). */
function changes(format: string | undefined, sent: unknown, current: unknown): boolean {
  if (blank(sent) && blank(current)) return false;
  if (format === 'email' && typeof sent === 'string' && typeof current === 'string') {
    return sent.trim().toLowerCase() !== current.trim().toLowerCase();
  }
  return canonical(sent) !== canonical(current);
}

/**
 * Fields this user may not write in this record (the entity's `readOnlyIf` rules) that the
 * request tries to change: each is refused with a field error, so nothing is written. Sending a
 * locked field back unchanged is fine.
 */
export function lockedFieldErrors(
  ctx: RequestContext,
  effective: EffectiveEntity,
  locked: Set<string>,
  input: Record<string, unknown>,
  current: ApiRecord,
  options: { messageKey?: string; comparable?: (field: string, value: unknown) => unknown } = {},
): FieldError[] {
  const comparable = options.comparable ?? ((_f: string, v: unknown) => v);
  const errors: FieldError[] = [];
  for (const name of locked) {
    if (!Object.prototype.hasOwnProperty.call(input, name)) continue;
    const p = effective.schema.properties[name];
    if (!p || p.readOnly || effective.hidden.has(name)) continue;
    if (!changes(p.format, comparable(name, input[name]), comparable(name, current[name]))) continue;
    const keys = options.messageKey ? [options.messageKey] : errorKeys(effective.name, name, 'read_only');
    errors.push({
      path: name,
      code: options.messageKey ?? 'read_only',
      params: {},
      message: translate(ctx.app.catalogue, keys, {}, effective.messages),
    });
  }
  return errors;
}
