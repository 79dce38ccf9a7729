import type { EffectiveEntity } from './apply-overlay';
import type { OverlayOp } from './overlay-types';
import type { MessageCatalogue } from './types';
import { validateRecord } from '../validation/validate-record';
import { anonymousUser } from '../logic/user-context';

/**
 * An overlay's default values must be valid for their own field (type, format, length, list):
 * a default is written into every new record, so a wrong one would be stored unchecked by rules
 * that trust it. Returns one French problem per invalid default.
 */
export function overlayDefaultProblems(
  effective: EffectiveEntity,
  ops: OverlayOp[],
  catalogue: MessageCatalogue,
): string[] {
  const problems: string[] = [];
  for (const o of ops) {
    if (o.op !== 'default') continue;
    const prop = effective.schema.properties[o.field];
    if (!prop || prop.readOnly) continue; // applyOverlay reports these
    const { default: _ignored, ...withoutDefault } = prop;
    const single: EffectiveEntity = {
      ...effective,
      schema: {
        ...effective.schema,
        properties: { [o.field]: withoutDefault },
        required: [],
        'x-entity': { ...effective.schema['x-entity'], checks: [] },
      },
      hidden: new Set(),
      fieldRules: {},
    };
    const errors = validateRecord({
      entity: single,
      record: { [o.field]: o.value },
      ctx: {
        user: anonymousUser({ userTypes: {}, defaultUserType: '', roles: {} }),
        whiteLabel: { id: null, domain: null, modules: {} },
      },
      catalogue,
      cacheKey: `overlay-default|${effective.name}|${o.field}`,
    });
    for (const e of errors)
      problems.push(`default : la valeur par défaut de « ${prop.title} » n'est pas valide (${e.message})`);
  }
  return problems;
}
