import type { RequestContext } from '../../context';
import type { Caller } from './offers-input';

/** Which slots the caller may be offered: staff also see advisor-only slots (reference §5.4). */
export function callerOf(ctx: RequestContext): Caller {
  if (ctx.user.anonymous) return 'anonymous';
  return ctx.user.roles.includes('staff') ? 'advisor' : 'client';
}

export const isClient = (ctx: RequestContext) => !ctx.user.anonymous && ctx.user.userType === 'client';
