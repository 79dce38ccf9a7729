import type { MessageCatalogue } from '../schema/types';
import { formatNumber } from '../format/numbers';
import { messageText } from '../format/plural';

/** `{name}` placeholders are filled from params; a missing one becomes an empty string. */
export function fill(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{([a-zA-Z0-9_]+)\}/g, (_m, k: string) => {
    const v = params[k];
    if (v === undefined || v === null) return '';
    return typeof v === 'number' ? formatNumber(v) : String(v);
  });
}

/**
 * Translates a message key. The first key found wins, so callers pass the most specific key
 * first (form → entity field → generic), the JSON Forms cascade. White-label overrides come
 * before the base catalogue. A `count` parameter picks the `_one` / `_other` variant.
 */
export function translate(
  catalogue: MessageCatalogue,
  keys: string | string[],
  params: Record<string, unknown> = {},
  overrides: MessageCatalogue = {},
): string {
  for (const key of Array.isArray(keys) ? keys : [keys]) {
    const t = messageText(catalogue, overrides, key, params.count);
    if (t !== undefined) return fill(t, params);
  }
  return catalogue['validation.default'] ?? "Erreur, cette valeur n'est pas valide";
}

/** Keys tried for a field error, most specific first. */
export function errorKeys(entity: string, path: string, code: string): string[] {
  const field = path.split('.')[0];
  const keys = code.includes('.') ? [code] : [];
  if (field) keys.push(`entity.${entity}.${field}.error.${code}`);
  keys.push(`validation.${code}`);
  return keys;
}
