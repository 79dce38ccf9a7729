import { holds } from '../../engine/logic/logic';
import type { RuleUser, RuleWhiteLabel } from '../../engine/logic/user-context';
import type { EntityMeta, RecordData } from './types';

/**
 * Whether a declared action may show a button on this record for this user: a generic `post`
 * only where its `visibleIf` holds (what it finds on the server may still hide it); others always.
 */
export function mayShowAction(
  action: NonNullable<EntityMeta['recordActions']>[number],
  record: RecordData,
  rule: { user: RuleUser; whiteLabel: RuleWhiteLabel },
): boolean {
  return !action.post || action.visibleIf === undefined || holds(action.visibleIf, { ...rule, record });
}
