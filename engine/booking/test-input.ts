// Builders for the booking engine's tests: one structure, one place in one catchment area, a
// 30-minute reason, two advisors; each test adds the slots and appointments it is about.
import type { OfferAppointment, OfferSlot, OffersInput } from './offer-types';

export const GRENOBLE = '38185';

export function slot(fields: Partial<OfferSlot> & Pick<OfferSlot, 'id' | 'startDate' | 'endDate'>): OfferSlot {
  return {
    group: 'g1',
    place: 'p1',
    catchmentArea: 'c1',
    visibility: 'online',
    status: 'validated',
    deadline: 0,
    timeBetweenSlots: 0,
    useAdvisorCalendar: true,
    numberOfActiveAdvisors: 0,
    advisors: ['alice'],
    reasons: ['r30', 'r60'],
    ...fields,
  };
}

export function appointment(
  fields: Partial<OfferAppointment> & Pick<OfferAppointment, 'id' | 'startDate' | 'endDate'>,
): OfferAppointment {
  return { status: 'validated', advisor: 'alice', slot: null, reason: 'r30', ...fields };
}

export function input(fields: Partial<OffersInput> = {}): OffersInput {
  return {
    now: '2026-06-12T10:00:00+02:00',
    query: { reason: 'r30', caller: 'anonymous' },
    communes: [
      { inseeCode: GRENOBLE, name: 'Grenoble' },
      { inseeCode: '38421', name: 'Saint-Martin-d’Hères' },
    ],
    catchmentAreas: [{ id: 'c1', name: 'Métropole', isActive: true, group: 'g1', communes: [GRENOBLE] }],
    places: [{ id: 'p1', name: 'Maison de l’habitat', isActive: true, group: 'g1' }],
    reasons: [
      { id: 'r30', name: 'Conseil rénovation', duration: 30, isActive: true, group: 'g1' },
      { id: 'r60', name: 'Visite', duration: 60, isActive: true, group: 'g1' },
    ],
    advisors: [
      { id: 'alice', name: 'Alice Martin', isActive: true, group: 'g1' },
      { id: 'bruno', name: 'Bruno Durand', isActive: true, group: 'g1' },
    ],
    slots: [],
    appointments: [],
    downtimes: [],
    ...fields,
  };
}
