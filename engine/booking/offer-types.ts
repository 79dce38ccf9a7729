// The shapes `findOffers` and `checkBookable` work on: rows as the server loads them (ids as
// strings, dates as ISO text), and the offers the public calendar shows.

export type Caller = 'anonymous' | 'client' | 'advisor';

export interface OfferQuery {
  reason: string;
  inseeCode?: string | null;
  place?: string | null;
  advisor?: string | null;
  /** First day to search (ISO date or instant); missing means now. */
  startDate?: string | null;
  caller: Caller;
}

export interface OfferCommune {
  inseeCode: string;
  name: string;
}

export interface OfferCatchmentArea {
  id: string;
  name: string;
  isActive: boolean;
  group: string;
  /** INSEE codes. */
  communes: string[];
}

export interface OfferPlace {
  id: string;
  name: string;
  isActive: boolean;
  group: string;
}

export interface OfferReason {
  id: string;
  name: string;
  /** Minutes. */
  duration: number;
  isActive: boolean;
  group: string;
}

export interface OfferAdvisor {
  id: string;
  name: string;
  isActive: boolean;
  group: string;
}

export type SlotVisibility = 'online' | 'advisor' | 'without_reservation';
export type SlotStatus = 'validated' | 'inactive' | 'cancelled';

export interface OfferSlot {
  id: string;
  group: string;
  place: string;
  catchmentArea: string;
  startDate: string;
  endDate: string;
  visibility: SlotVisibility;
  status: SlotStatus;
  /** Booking notice in hours, counted by day (see docs/booking.md). */
  deadline: number;
  /** Minutes kept free before and after each appointment. */
  timeBetweenSlots: number;
  useAdvisorCalendar: boolean;
  numberOfActiveAdvisors: number;
  advisors: string[];
  reasons: string[];
}

export type AppointmentStatus = 'validated' | 'waiting' | 'cancelled';

export interface OfferAppointment {
  id: string;
  status: AppointmentStatus;
  advisor: string | null;
  slot: string | null;
  reason: string;
  startDate: string;
  endDate: string;
  /** Set on a public hold (`waiting`): the instant it was taken. */
  tmpBookDate?: string | null;
  /** A public hold's end: it blocks its time until then (without it, an hour after `tmpBookDate`). */
  holdUntil?: string | null;
}

export interface OfferDowntime {
  advisor: string;
  startDate: string;
  endDate: string;
}

export interface OffersInput {
  /** ISO instant with offset. */
  now: string;
  query: OfferQuery;
  communes: OfferCommune[];
  catchmentAreas: OfferCatchmentArea[];
  places: OfferPlace[];
  reasons: OfferReason[];
  advisors: OfferAdvisor[];
  slots: OfferSlot[];
  appointments: OfferAppointment[];
  /** Active downtimes only: the engine does not see the downtime's own isActive flag. */
  downtimes?: OfferDowntime[];
}

export interface BookableOffer {
  /** `HH:MM`, Paris. */
  time: string;
  /** ISO instant with the Paris offset. */
  start: string;
  slot: string;
  /** Calendar mode: the advisors free for the whole appointment and its gaps, by name. */
  advisors?: string[];
}

export interface DropInOffer {
  dropIn: true;
  startTime: string;
  endTime: string;
  start: string;
  end: string;
  slot: string;
}

export type Offer = BookableOffer | DropInOffer;

export interface DayOffers {
  /** `YYYY-MM-DD`, Paris. */
  date: string;
  offers: Offer[];
}
