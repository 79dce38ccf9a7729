import type { Kysely } from 'kysely';
import type { OffersInput as FindOffersInput } from '../../../engine/booking/offer-types';
import type { AppContext } from '../../context';
import type { AppDatabase } from '../../db/tables';
import type { ApiRecord } from '../../db/row-mapper';
import { communeByCode } from '../territories';
import {
  asNumber,
  asNumbers,
  asText,
  bookingReference,
  fullName,
  loadRecords,
  type Condition,
} from './booking-records';
import { DAY_MS } from './booking-dates';

/** User types that may be an appointment's advisor (reference §5.1: advisor or superadvisor). */
export const ADVISOR_TYPES = ['advisor', 'superadvisor', 'listeproadmin'];

export type Caller = FindOffersInput['query']['caller'];

export interface OffersWindow {
  /** Instants bounding the slots and appointments loaded (widened by a day: offsets, gaps). */
  from: string;
  to: string;
  /** Only these slots (the re-check of one booking); all of the window otherwise. */
  slotPks?: number[];
  /** An appointment left out of the computation (the one being moved or confirmed). */
  ignoring?: number | null;
}

const id = (v: unknown): string => String(v ?? '');
const ids = (v: unknown): string[] => asNumbers(v).map(String);

function slotOf(s: ApiRecord): FindOffersInput['slots'][number] {
  return {
    id: id(s.pk),
    group: id(s.group),
    place: id(s.place),
    catchmentArea: id(s.catchmentArea),
    startDate: asText(s.startDate),
    endDate: asText(s.endDate),
    visibility: (s.visibility ?? 'online') as FindOffersInput['slots'][number]['visibility'],
    status: (s.status ?? 'validated') as FindOffersInput['slots'][number]['status'],
    deadline: asNumber(s.deadline) ?? 0,
    timeBetweenSlots: asNumber(s.timeBetweenSlots) ?? 0,
    useAdvisorCalendar: s.useAdvisorCalendar !== false,
    numberOfActiveAdvisors: asNumber(s.numberOfActiveAdvisors) ?? 0,
    advisors: ids(s.advisors),
    reasons: ids(s.reasons),
  };
}

function appointmentOf(a: ApiRecord): FindOffersInput['appointments'][number] {
  return {
    id: id(a.pk),
    status: a.status as FindOffersInput['appointments'][number]['status'],
    advisor: a.advisor == null ? null : id(a.advisor),
    slot: a.slot == null ? null : id(a.slot),
    reason: id(a.reason),
    startDate: asText(a.startDate),
    endDate: asText(a.endDate),
    tmpBookDate: (a.tmpBookDate as string | null | undefined) ?? null,
    holdUntil: (a.holdUntil as string | null | undefined) ?? null,
  };
}

interface IndexedAreas {
  all: ApiRecord[];
  /** Each area's communes as text (the engine's form). */
  communes: Map<ApiRecord, string[]>;
  /** The areas covering each commune. */
  byCommune: Map<string, ApiRecord[]>;
}

/** Per list of areas read (the same array while the table is unchanged: booking-records' cache). */
const indexedAreas = new WeakMap<ApiRecord[], IndexedAreas>();

/** The catchment areas with their communes indexed once, not converted and scanned on every search. */
function areasIndexed(all: ApiRecord[]): IndexedAreas {
  let indexed = indexedAreas.get(all);
  if (indexed) return indexed;
  indexed = { all, communes: new Map(), byCommune: new Map() };
  for (const area of all) {
    const communes = Array.isArray(area.territories) ? (area.territories as unknown[]).map(String) : [];
    indexed.communes.set(area, communes);
    for (const code of new Set(communes)) {
      const list = indexed.byCommune.get(code);
      if (list) list.push(area);
      else indexed.byCommune.set(code, [area]);
    }
  }
  indexedAreas.set(all, indexed);
  return indexed;
}

const widen = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY_MS).toISOString();

/**
 * Everything `findOffers` needs for a window, read with `db` (the booking transaction's own handle
 * during a re-check). Dates are stored as ISO text; the window is widened by a day on each side so
 * that a stored offset never hides a row, and findOffers itself decides what is in.
 */
export async function loadOffersInput(
  app: AppContext,
  db: Kysely<AppDatabase>,
  query: FindOffersInput['query'],
  window: OffersWindow,
  now: Date,
): Promise<FindOffersInput> {
  const from = widen(window.from, -1);
  const to = widen(window.to, 1);
  const reference = await bookingReference(app, db);
  const areas = areasIndexed(reference.areas);
  // A search for a commune can only offer the slots of the catchment areas that cover it (the
  // engine drops the others, isSlotOffered): the national network has 23,000 slots in four weeks
  // and 3,000 advisors, and reading them all made each search take a second. The appointments,
  // downtimes and advisors read are then those of these slots' advisors and seats.
  const covering = query.inseeCode ? (areas.byCommune.get(query.inseeCode) ?? []) : null;
  const slotConditions: Condition[] = window.slotPks
    ? [{ property: 'pk', op: 'in', value: window.slotPks }]
    : [
        { property: 'endDate', op: '>=', value: from },
        { property: 'startDate', op: '<=', value: to },
      ];
  if (covering) slotConditions.push({ property: 'catchmentArea', op: 'in', value: covering.map((a) => a.pk) });
  const slots = (await loadRecords(app, db, 'slot', slotConditions)).filter((s) => s.status !== 'cancelled');
  const slotAdvisors = [...new Set(slots.flatMap((s) => asNumbers(s.advisors)))];
  const asked = Number(query.advisor);
  const advisorPks = Number.isInteger(asked) && asked > 0 ? [...new Set([...slotAdvisors, asked])] : slotAdvisors;
  const during: Condition[] = [
    { property: 'status', op: '!=', value: 'cancelled' },
    { property: 'startDate', op: '<=', value: to },
    { property: 'endDate', op: '>=', value: from },
  ];
  const appointmentRows = covering
    ? [
        ...(await loadRecords(app, db, 'appointment', [
          ...during,
          { property: 'advisor', op: 'in', value: slotAdvisors },
        ])),
        ...(await loadRecords(app, db, 'appointment', [
          ...during,
          { property: 'slot', op: 'in', value: slots.map((s) => s.pk) },
        ])),
      ]
    : await loadRecords(app, db, 'appointment', during);
  const seen = new Set<unknown>();
  const appointments = appointmentRows.filter((a) => {
    if (a.pk === window.ignoring || seen.has(a.pk)) return false;
    seen.add(a.pk);
    return true;
  });
  const downtimes = (
    await loadRecords(app, db, 'advisor-downtime', [
      { property: 'startDate', op: '<=', value: to },
      { property: 'endDate', op: '>=', value: from },
      ...(covering ? [{ property: 'advisor', op: 'in' as const, value: slotAdvisors }] : []),
    ])
  ).filter((d) => d.isActive !== false);
  // The engine looks up the query's reason and place, and each slot's place and catchment area:
  // only those are handed over (the national network has hundreds of each, thousands of communes).
  const slotPlaces = new Set([...slots.map((s) => s.place), ...(query.place == null ? [] : [Number(query.place)])]);
  const slotAreas = new Set(slots.map((s) => s.catchmentArea));
  const reasons = reference.reasons.filter((r) => id(r.pk) === query.reason);
  const places = reference.places.filter((p) => slotPlaces.has(p.pk));
  const advisors = await loadRecords(app, db, 'user', [
    { property: 'userType', op: 'in', value: ADVISOR_TYPES },
    ...(covering ? [{ property: 'pk', op: 'in' as const, value: advisorPks }] : []),
  ]);
  const commune = query.inseeCode ? communeByCode(query.inseeCode) : null;
  return {
    now: now.toISOString(),
    query,
    communes: commune ? [{ inseeCode: commune.code, name: commune.name }] : [],
    catchmentAreas: areas.all
      .filter((a) => slotAreas.has(a.pk))
      .map((a) => ({
        id: id(a.pk),
        name: asText(a.name),
        isActive: a.isActive !== false,
        group: id(a.group),
        communes: areas.communes.get(a)!,
      })),
    places: places.map((p) => ({
      id: id(p.pk),
      name: asText(p.name),
      isActive: p.isActive !== false,
      group: id(asNumbers(p.groups)[0]),
    })),
    reasons: reasons.map((r) => ({
      id: id(r.pk),
      name: asText(r.name),
      duration: asNumber(r.duration) ?? 0,
      isActive: r.isActive !== false,
      group: id(r.group),
    })),
    advisors: advisors.map((u) => ({
      id: id(u.pk),
      name: fullName(u),
      isActive: u.isActive !== false,
      group: id(u.group),
    })),
    slots: slots.map(slotOf),
    appointments: appointments.map(appointmentOf),
    downtimes: downtimes.map((d) => ({
      advisor: id(d.advisor),
      startDate: asText(d.startDate),
      endDate: asText(d.endDate),
    })),
  };
}
