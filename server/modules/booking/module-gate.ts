import { notFound, type RequestContext } from '../../context';

/**
 * Booking switched off for the white label answers every booking call with the plain 404
 * « Enregistrement non trouvé. », as an unknown address would: a domain that does not offer
 * appointments does not even say that the service exists elsewhere.
 */
export function assertBookingEnabled(ctx: RequestContext): void {
  if (ctx.whiteLabel.modules.dialogwatt === false) throw notFound(ctx);
}
