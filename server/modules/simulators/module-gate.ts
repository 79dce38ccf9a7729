import { HttpError } from '../../http/http-error';
import { message, type RequestContext } from '../../context';

/**
 * A simulator switched off for the white label answers like a disabled entity module (404 with
 * the French notice), so a domain that does not offer the tool does not serve its computations.
 * Any of the modules given is enough (ecorenover and its embeddable variant share the endpoint).
 */
export function assertSimulatorEnabled(ctx: RequestContext, ...modules: string[]): void {
  if (modules.some((m) => ctx.whiteLabel.modules[m] !== false)) return;
  throw new HttpError(404, 'module_disabled', message(ctx.app, 'errors.module_disabled'));
}
