import { api } from '../../api/http';
import type { ReasonForm } from '../booking/booking-api';

/** An event as its public page shows it (GET /api/v1/events/public/:pk/). */
export interface PublicEvent {
  pk: number;
  title: string;
  /** Cleaned HTML (the server sanitises html fields on every write). */
  description: string;
  startDate: string;
  endDate: string;
  /** « 05 mars, 14:00 - 16:00 », Paris wall clock. */
  when: string;
  location: string;
  group: string;
  capacity: number;
  seatsLeft: number;
  state: 'open' | 'not_yet_open' | 'closed' | 'not_public';
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
  form: ReasonForm | null;
}

export interface RegistrationBody {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  consent: boolean;
  formAnswers?: Record<string, unknown>;
}

const BASE = '/events/public';

export const eventsApi = {
  agenda: () => api<PublicEvent[]>(`${BASE}/`),
  event: (pk: string) => api<PublicEvent>(`${BASE}/${encodeURIComponent(pk)}/`),
  /** The same answer whether the address was registered or not: the mail to the address says what happened. */
  register: (pk: number, body: RegistrationBody) =>
    api<{ ok: 'check_mail' }>(`${BASE}/${pk}/register/`, { method: 'POST', body }),
  registration: (uuid: string) =>
    api<{
      status: string;
      firstName: string;
      lastName: string;
      event: { title: string; when: string; location: string };
    }>(`${BASE}/registration/${encodeURIComponent(uuid)}/`),
  confirm: (uuid: string) =>
    api<{ status: 'confirmed' | 'waiting'; position: number }>(
      `${BASE}/registration/${encodeURIComponent(uuid)}/confirm/`,
      { method: 'POST' },
    ),
  cancel: (uuid: string) =>
    api<{ status: 'cancelled'; promoted: number }>(`${BASE}/registration/${encodeURIComponent(uuid)}/cancel/`, {
      method: 'POST',
    }),
};

/** « Il reste 3 places », « Complet : liste d'attente ». */
export function seatsText(e: PublicEvent): string {
  if (e.seatsLeft === 0) return 'Complet : les nouvelles inscriptions vont en liste d’attente.';
  return e.seatsLeft === 1 ? 'Il reste 1 place.' : `Il reste ${e.seatsLeft} places.`;
}
