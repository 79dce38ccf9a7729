import messages from '../../../schemas/messages/fr/listepro-office.json';
import { translateFrench } from '../../../engine/format/french-messages';

/** A French text of the professional and admin areas of the directory. */
export function tr(key: string, params: Record<string, unknown> = {}): string {
  return translateFrench(messages, `listepro-office.${key}`, params);
}
