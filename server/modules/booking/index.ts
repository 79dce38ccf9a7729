import { Router } from 'express';
import type { AppContext } from '../../context';
import { assertBookingEnabled } from './module-gate';
import { publicSearchRouter } from './public-search-routes';
import { bookingRouter as holdsAndBookingsRouter } from './booking-routes';
import { linkRouter } from './link-routes';
import { calendarRouter } from './calendar-routes';
import { exchangeRouter } from './notifications/exchange-routes';
import { newcomerRouter } from './newcomer-routes';
import { BASE } from './booking-base';
// The booking events' notifications and their jobs, wherever the booking routes are mounted.
import './notifications/booking-notification-jobs';

/** The hand-written booking endpoints (contract: /work/booking-api-contract.md), behind the module flag. */
export function bookingRouter(app: AppContext): Router {
  const router = Router();
  const gated = Router();
  gated.use(publicSearchRouter(app));
  gated.use(holdsAndBookingsRouter(app));
  gated.use(linkRouter(app));
  gated.use(calendarRouter(app));
  gated.use(exchangeRouter(app));
  gated.use(newcomerRouter(app));
  const paths = [
    'find-reasons-from-inseecode',
    'places-from-inseecode',
    'place-from-slug',
    'place-infos',
    'find-appointment',
    'find-advisors-for-reason',
    'slot-informations',
    'book-appointment-tmp',
    'book-appointment',
    'create-client-and-contact-with-rgpd',
    'appointment-booking-for-advisor',
    'my-appointments',
    'appointment-by-uuid',
    'ical',
    'ical-for-slots',
    'ical-permanent-url',
    'ical-permanent-url-for-slots',
  ].map((p) => `${BASE}/${p}`);
  // The module flag before anything else, rate limits included: a domain without booking has none of it.
  router.use(paths, (req, _res, next) => {
    assertBookingEnabled(req.ctx);
    next();
  });
  router.use(gated);
  return router;
}

export { cancelExpiredHolds } from './expired-holds';
export { onAppointmentEvent, recordAppointmentEvent } from './appointment-events';
export type { AppointmentEvent, AppointmentTrigger } from './appointment-events';
export { useBookingSettings, loadBookingSettings } from './booking-settings';
export { reserveTime } from './booking-service';
export type { ReservedTime, TimeChoice } from './booking-service';
