import validation from '../../schemas/messages/fr/validation.json';
import errors from '../../schemas/messages/fr/errors.json';
import ui from '../../schemas/messages/fr/ui.json';
import territories from '../../schemas/messages/fr/territories.json';
import shell from '../../schemas/messages/fr/shell.json';
import { translate } from '../../engine/validation/messages';

/** The French catalogue the browser needs (validation, errors, interface texts). */
export const catalogue: Record<string, string> = { ...validation, ...errors, ...ui, ...territories, ...shell };

export function t(key: string, params: Record<string, unknown> = {}): string {
  return translate(catalogue, key, params);
}
