import type { ApiRecord } from '../../db/row-mapper';
import { asNumber, asText, fullName } from './booking-records';
import { holdExpiresAt as holdEnd } from '../../../engine/booking/hold';

/** What the public sees of a place (never its internal presentation or advisors). */
export function publicPlace(p: ApiRecord) {
  return {
    pk: p.pk as number,
    name: asText(p.name),
    slug: asText(p.slug),
    address: asText(p.address),
    postcode: asText(p.postcode),
    city: asText(p.city),
    inseecode: asText(p.inseecode),
    phone: asText(p.phone),
    email: asText(p.email),
    url: asText(p.url),
    presentation: asText(p.presentation),
    lat: asNumber(p.lat) ?? 0,
    lon: asNumber(p.lon) ?? 0,
    color: asText(p.color),
  };
}
export type PublicPlace = ReturnType<typeof publicPlace>;

export const publicAdvisor = (u: ApiRecord) => ({ pk: u.pk as number, fullName: fullName(u) });

export const publicGroup = (g: ApiRecord | null) =>
  g ? { pk: g.pk as number, name: asText(g.name), phone: asText(g.phone) } : null;

/** The description's text on one line, as the reference's `descriptionAsText`; empty when hidden. */
export function descriptionAsText(reason: ApiRecord): string {
  if (reason.showDescription === false) return '';
  return asText(reason.description)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

export function publicReason(r: ApiRecord, advisors: ApiRecord[]) {
  return {
    pk: r.pk as number,
    name: asText(r.name),
    duration: asNumber(r.duration) ?? 0,
    color: asText(r.color),
    descriptionAsText: descriptionAsText(r),
    form: (r.form ?? null) as unknown,
    advisors: advisors.map(publicAdvisor).sort((a, b) => a.fullName.localeCompare(b.fullName, 'fr')),
  };
}

export interface AppointmentParts {
  reason: ApiRecord | null;
  place: ApiRecord | null;
  slot: ApiRecord | null;
  advisor: ApiRecord | null;
  group: ApiRecord | null;
}

/** The moment a hold stops holding (its `holdUntil`, engine/booking/hold.ts), for waiting appointments. */
export function holdExpiresAt(a: ApiRecord): string | null {
  if (a.status !== 'waiting' || typeof a.tmpBookDate !== 'string') return null;
  const until = typeof a.holdUntil === 'string' ? Date.parse(a.holdUntil) : null;
  return new Date(holdEnd(Date.parse(a.tmpBookDate), until)).toISOString();
}

export function bookedAppointment(a: ApiRecord, parts: AppointmentParts) {
  const expires = holdExpiresAt(a);
  return {
    pk: a.pk as number,
    uuid: asText(a.uuid),
    status: a.status as string,
    startDate: asText(a.startDate),
    endDate: asText(a.endDate),
    ...(expires ? { holdExpiresAt: expires } : {}),
    subject: asText(a.subject),
    description: asText(a.description),
    formAnswers: (a.formAnswers ?? null) as unknown,
    reason: parts.reason
      ? {
          pk: parts.reason.pk as number,
          name: asText(parts.reason.name),
          duration: asNumber(parts.reason.duration) ?? 0,
        }
      : null,
    place: parts.place ? publicPlace(parts.place) : null,
    slot: parts.slot
      ? {
          pk: parts.slot.pk as number,
          text: asText(parts.slot.text),
          publicDescription: asText(parts.slot.publicDescription),
        }
      : null,
    advisor: parts.advisor ? publicAdvisor(parts.advisor) : null,
    group: publicGroup(parts.group),
  };
}
export type BookedAppointment = ReturnType<typeof bookedAppointment>;
