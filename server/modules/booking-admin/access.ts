import { HttpError } from '../../http/http-error';
import { denied, message, type RequestContext } from '../../context';

/** The back office belongs to the booking module: a white label without it does not serve it. */
export function assertBookingEnabled(ctx: RequestContext): void {
  if (ctx.whiteLabel.modules.dialogwatt === false)
    throw new HttpError(404, 'module_disabled', message(ctx.app, 'errors.module_disabled'));
}

/** Refuses (401 anonymous, 403 signed in) a caller having none of `roles`. */
export function assertOneOfRoles(ctx: RequestContext, roles: string[]): void {
  if (!roles.some((r) => ctx.user.roles.includes(r))) throw denied(ctx);
}

export function isAdministrator(ctx: RequestContext): boolean {
  return ctx.user.roles.includes('administrator');
}

/** A 400 answer about one field, in French. */
export function fieldError(ctx: RequestContext, path: string, key: string, params: Record<string, unknown> = {}) {
  const text = message(ctx.app, key, params);
  return new HttpError(400, 'validation', text, [{ path, code: key, params, message: text }]);
}
