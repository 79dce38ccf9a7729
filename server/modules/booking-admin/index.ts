export { bookingAdminRouter } from './booking-admin-routes';
