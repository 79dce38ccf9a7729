import { api, buildUrl } from '../../api/http';

/**
 * The public booking calls (contract: /work/booking-api-contract.md, prefix /api/v1/dialogwatt/).
 * Dates travel as ISO instants; the screens show them in Europe/Paris wall-clock time.
 */

export interface PublicPlace {
  pk: number;
  name: string;
  slug: string;
  address: string;
  postcode: string;
  city: string;
  inseecode: string;
  phone: string;
  email: string;
  url: string;
  presentation: string;
  lat: number | null;
  lon: number | null;
  color: string;
}

export interface PersonRef {
  pk: number;
  fullName: string;
}

/** A JSON Schema of the supported subset and its RJSF ui schema, declared by staff on the reason. */
export interface ReasonForm {
  schema: Record<string, unknown>;
  uiSchema?: Record<string, unknown>;
}

export interface PublicReason {
  pk: number;
  name: string;
  duration: number;
  color: string;
  descriptionAsText: string;
  advisors: PersonRef[];
  form?: ReasonForm | null;
}

export interface BookableOffer {
  time: string;
  start: string;
  slot: string | number;
  advisors?: string[];
}

export interface DropInOffer {
  dropIn: true;
  startTime: string;
  endTime: string;
  start: string;
  end: string;
  slot: string | number;
}

export type Offer = BookableOffer | DropInOffer;

export interface OfferDay {
  date: string;
  offers: Offer[];
}

export interface OffersAnswer {
  days: OfferDay[];
  nextDate: string | null;
}

export interface GroupRef {
  pk: number;
  name: string;
  phone: string;
}

export type AppointmentStatus = 'waiting' | 'validated' | 'cancelled';

export interface BookedAppointment {
  pk: number;
  uuid: string;
  status: AppointmentStatus;
  startDate: string;
  endDate: string;
  holdExpiresAt?: string | null;
  subject: string;
  description: string;
  formAnswers: Record<string, unknown> | null;
  reason: { pk: number; name: string; duration: number };
  place: PublicPlace | null;
  slot: { pk: number; text: string; publicDescription: string } | null;
  advisor: PersonRef | null;
  group: GroupRef;
}

export interface ManagedAppointment extends BookedAppointment {
  canCancel: boolean;
  canMove: boolean;
  canConfirm: boolean;
}

export interface HoldRequest {
  reason: number | string;
  slot: number | string;
  start: string;
  advisor?: number | string | null;
  description?: string;
  formAnswers?: Record<string, unknown>;
  /** The uuid of the visitor's previous hold, given back in the same call (a visitor keeps few at once). */
  replaces?: string;
}

export interface OffersQuery {
  reason: number | string;
  inseecode?: string | null;
  place?: number | string | null;
  advisor?: number | string | null;
  startDate?: string | null;
  endDate?: string | null;
  moving?: string | null;
}

const base = '/dialogwatt';
const seg = (v: string | number) => encodeURIComponent(String(v));

export function isDropIn(offer: Offer): offer is DropInOffer {
  return 'dropIn' in offer && offer.dropIn === true;
}

export const bookingApi = {
  reasonsForCommune: (insee: string) => api<PublicReason[]>(`${base}/find-reasons-from-inseecode/${seg(insee)}/`),
  placesForCommune: (insee: string, reason: number | string) =>
    api<PublicPlace[]>(`${base}/places-from-inseecode/${seg(insee)}/${seg(reason)}/`),
  placeFromSlug: (slug: string) =>
    api<{ place: PublicPlace; reasons: PublicReason[] }>(`${base}/place-from-slug/${seg(slug)}/`),
  placeInfos: (pk: number | string) => api<PublicPlace>(`${base}/place-infos/${seg(pk)}/`),
  offers: (q: OffersQuery) =>
    api<OffersAnswer>(`${base}/find-appointment/`, {
      query: {
        reason: q.reason,
        inseecode: q.inseecode,
        place: q.place,
        advisor: q.advisor,
        startDate: q.startDate,
        endDate: q.endDate,
        moving: q.moving,
      },
    }),
  advisorsFor: (reason: number | string, place?: number | string | null) =>
    api<{ advisors: PersonRef[] }>(`${base}/find-advisors-for-reason/`, { query: { reason, place } }),
  hold: (body: HoldRequest) =>
    api<BookedAppointment>(`${base}/book-appointment-tmp/`, { method: 'POST', body, anonymous: true }),
  /** The signed-in client takes the hold (identification step): it then lasts longer. */
  identifyHold: (pk: number, uuid: string) =>
    api<BookedAppointment>(`${base}/book-appointment-tmp/${seg(pk)}/${seg(uuid)}/identify/`, { method: 'POST' }),
  /** Confirms a hold as the signed-in client; the questionnaire's answers go with it. */
  confirmHold: (pk: number, uuid: string, body: { description?: string; formAnswers?: Record<string, unknown> }) =>
    api<BookedAppointment>(`${base}/book-appointment-tmp/${seg(pk)}/${seg(uuid)}/`, { method: 'PATCH', body }),
  /** A visitor without an account confirms their hold with their details (where the white label opens it). */
  bookAsNewcomer: (body: {
    user: Record<string, string>;
    rgpdConsent: Record<string, boolean>;
    appointment: { pk: number; uuid: string };
    description?: string;
  }) =>
    api<{ appointment: BookedAppointment }>(`${base}/create-client-and-contact-with-rgpd/`, {
      method: 'POST',
      body,
      anonymous: true,
    }),
  byUuid: (uuid: string) => api<ManagedAppointment>(`${base}/appointment-by-uuid/${seg(uuid)}/`),
  cancelByUuid: (uuid: string) =>
    api<BookedAppointment>(`${base}/appointment-by-uuid/${seg(uuid)}/cancel/`, { method: 'POST', body: {} }),
  confirmByUuid: (uuid: string) =>
    api<BookedAppointment>(`${base}/appointment-by-uuid/${seg(uuid)}/confirm/`, { method: 'POST', body: {} }),
  moveByUuid: (uuid: string, body: { slot: number | string; start: string }) =>
    api<BookedAppointment>(`${base}/appointment-by-uuid/${seg(uuid)}/move/`, { method: 'POST', body }),
  myAppointments: () => api<{ upcoming: BookedAppointment[]; past: BookedAppointment[] }>(`${base}/my-appointments/`),
};

/**
 * Gives a hold back as the page goes away (tab closed, reloaded, another site): a call the browser
 * keeps sending once the page is gone (`keepalive`), whose answer nobody waits for.
 */
export function releaseOnLeave(uuid: string): void {
  void fetch(buildUrl(`${base}/appointment-by-uuid/${seg(uuid)}/cancel/`), {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'x-client-version': __APP_VERSION__ },
  }).catch(() => undefined);
}

/** The invitation's address (a plain link: the browser downloads `rendez-vous.ics`). */
export function icsUrl(uuid: string): string {
  return buildUrl(`${base}/appointment-by-uuid/${seg(uuid)}/ics`);
}
