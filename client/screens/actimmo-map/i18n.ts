import messages from '../../../schemas/messages/fr/actimmo-map.json';
import { translateFrench } from '../../../engine/format/french-messages';

// The map's texts load with the map (not with every page): they stay out of the shared catalogue.
export function tr(key: string, params: Record<string, unknown> = {}): string {
  return translateFrench(messages as Record<string, string>, `actimmo-map.${key}`, params);
}
