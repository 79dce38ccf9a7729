import type { MessageCatalogue } from '../schema/types';
import { translate } from '../validation/messages';
import { frenchParams, pluralKey } from './plural';

/**
 * translate() with French plurals (`key_one` / `key_other`, chosen by the `count` parameter) and
 * numbers grouped from five digits. Every message wrapper of the screens goes through it.
 */
export function translateFrench(
  catalogue: MessageCatalogue,
  key: string,
  params: Record<string, unknown> = {},
): string {
  return translate(catalogue, pluralKey(catalogue, key, params.count), frenchParams(params));
}
