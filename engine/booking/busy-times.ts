import { isHoldExpired } from './hold';
import type { OfferAppointment, OfferDowntime } from './offer-types';
import { parseInstant } from '../time/paris-time';

/** A period an advisor or a slot's seat is taken; `appointment` ones get the slot's gap around them. */
export interface BusyTime {
  start: number;
  end: number;
  appointment: boolean;
  advisor: string | null;
}

export interface BusyTimes {
  /** Every blocking appointment and downtime of each advisor, whatever slot (or none) it is on. */
  byAdvisor: Map<string, BusyTime[]>;
  /** Blocking appointments attached to each slot (its seats in capacity mode, unassigned ones in calendar mode). */
  bySlot: Map<string, BusyTime[]>;
}

function instant(text: string, what: string): number {
  const value = parseInstant(text);
  if (Number.isNaN(value)) throw new RangeError(`${what} is not an ISO date: ${text}`);
  return value;
}

/** An appointment blocks unless cancelled, or a waiting hold whose time has run out (engine/booking/hold.ts). */
export function isBlocking(appointment: OfferAppointment, nowMs: number): boolean {
  if (appointment.status === 'cancelled') return false;
  if (appointment.status === 'waiting' && appointment.tmpBookDate) {
    const until = appointment.holdUntil ? instant(appointment.holdUntil, 'holdUntil') : null;
    return !isHoldExpired(instant(appointment.tmpBookDate, 'tmpBookDate'), until, nowMs);
  }
  return true;
}

function push(map: Map<string, BusyTime[]>, key: string, busy: BusyTime): void {
  const list = map.get(key);
  if (list) list.push(busy);
  else map.set(key, [busy]);
}

export function collectBusyTimes(
  appointments: readonly OfferAppointment[],
  downtimes: readonly OfferDowntime[],
  nowMs: number,
): BusyTimes {
  const byAdvisor = new Map<string, BusyTime[]>();
  const bySlot = new Map<string, BusyTime[]>();
  for (const appointment of appointments) {
    if (!isBlocking(appointment, nowMs)) continue;
    const busy: BusyTime = {
      start: instant(appointment.startDate, 'appointment startDate'),
      end: instant(appointment.endDate, 'appointment endDate'),
      appointment: true,
      advisor: appointment.advisor,
    };
    if (busy.end <= busy.start) continue;
    if (appointment.advisor != null) push(byAdvisor, appointment.advisor, busy);
    if (appointment.slot != null) push(bySlot, appointment.slot, busy);
  }
  for (const downtime of downtimes) {
    const busy: BusyTime = {
      start: instant(downtime.startDate, 'downtime startDate'),
      end: instant(downtime.endDate, 'downtime endDate'),
      appointment: false,
      advisor: downtime.advisor,
    };
    if (busy.end > busy.start) push(byAdvisor, downtime.advisor, busy);
  }
  return { byAdvisor, bySlot };
}
