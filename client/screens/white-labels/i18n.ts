import messages from '../../../schemas/messages/fr/white-labels.json';
import { catalogue } from '../../lib/messages';
import { translateFrench } from '../../../engine/format/french-messages';

// The administration screens' texts load with these lazy screens, not with every public page.
const all: Record<string, string> = { ...catalogue, ...messages };

export function wt(key: string, params: Record<string, unknown> = {}): string {
  return translateFrench(all, key, params);
}
