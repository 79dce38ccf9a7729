// Time of one availability search (findOffers) and one booking re-check (checkBookable), in
// process: one month of slots for 20 advisors with 500 appointments (target: at most 50 ms per search).
// Run: npx tsx bench/booking-offers.ts [--runs=200]
import { cpus } from 'node:os';
import { checkBookable } from '../engine/booking/check-bookable';
import { findOffers } from '../engine/booking/find-offers';
import type { OfferAppointment, OfferSlot, OffersInput } from '../engine/booking/offer-types';
import { parisWallToInstant } from '../engine/time/paris-time';

const TARGET_MS = 50;
const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? 200);

/** Deterministic pseudo-random numbers (mulberry32), so every run measures the same data. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const iso = (date: string, time: string) => new Date(parisWallToInstant(date, time)).toISOString();

/**
 * Five places with four advisors each; every weekday of June 2026 a morning (09:00–12:30) and an
 * afternoon (13:30–17:30) slot per place in calendar mode with a 15-minute gap, a 3-seat capacity
 * slot and a drop-in range at the first place; 500 appointments of 45 minutes spread over the
 * advisors (some on no slot, some cancelled, some holds, fresh or expired) and 10 downtimes.
 */
function monthOfSlots(): OffersInput {
  const next = random(42);
  const advisors = Array.from({ length: 20 }, (_, index) => ({
    id: `adv${index}`,
    name: `Conseiller ${String(index).padStart(2, '0')}`,
    isActive: index !== 19,
    group: 'g1',
  }));
  const places = Array.from({ length: 5 }, (_, index) => ({
    id: `p${index}`,
    name: `Lieu ${index}`,
    isActive: true,
    group: 'g1',
  }));
  const communes = Array.from({ length: 50 }, (_, index) => ({
    inseeCode: `38${String(100 + index)}`,
    name: `C${index}`,
  }));
  const catchmentAreas = [
    { id: 'c1', name: 'Nord', isActive: true, group: 'g1', communes: communes.slice(0, 30).map((c) => c.inseeCode) },
    { id: 'c2', name: 'Sud', isActive: true, group: 'g1', communes: communes.slice(20).map((c) => c.inseeCode) },
  ];
  const days: string[] = [];
  for (let day = 1; day <= 30; day++) {
    const date = `2026-06-${String(day).padStart(2, '0')}`;
    const weekDay = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekDay !== 0 && weekDay !== 6) days.push(date);
  }
  const slots: OfferSlot[] = [];
  const base = {
    group: 'g1',
    status: 'validated' as const,
    visibility: 'online' as const,
    deadline: 24,
    timeBetweenSlots: 15,
    useAdvisorCalendar: true,
    numberOfActiveAdvisors: 0,
    reasons: ['r45', 'r90'],
  };
  for (const date of days) {
    places.forEach((place, index) => {
      const team = advisors.slice(index * 4, index * 4 + 4).map((advisor) => advisor.id);
      const area = index < 3 ? 'c1' : 'c2';
      for (const [start, end] of [
        ['09:00', '12:30'],
        ['13:30', '17:30'],
      ]) {
        slots.push({
          ...base,
          id: `s${slots.length}`,
          place: place.id,
          catchmentArea: area,
          startDate: iso(date, start),
          endDate: iso(date, end),
          advisors: team,
          visibility: index === 4 && start === '13:30' ? 'advisor' : 'online',
        });
      }
    });
    slots.push({
      ...base,
      id: `s${slots.length}`,
      place: 'p0',
      catchmentArea: 'c1',
      startDate: iso(date, '09:00'),
      endDate: iso(date, '12:00'),
      useAdvisorCalendar: false,
      numberOfActiveAdvisors: 3,
      advisors: [],
    });
    slots.push({
      ...base,
      id: `s${slots.length}`,
      place: 'p0',
      catchmentArea: 'c1',
      startDate: iso(date, '14:00'),
      endDate: iso(date, '16:00'),
      visibility: 'without_reservation',
      advisors: ['adv0'],
    });
  }
  const calendarSlots = slots.filter((entry) => entry.useAdvisorCalendar && entry.visibility !== 'without_reservation');
  const appointments: OfferAppointment[] = [];
  for (let index = 0; index < 500; index++) {
    const host = calendarSlots[Math.floor(next() * calendarSlots.length)];
    const advisor = host.advisors[Math.floor(next() * host.advisors.length)];
    const quarters = (Date.parse(host.endDate) - Date.parse(host.startDate)) / 900_000 - 3;
    const start = Date.parse(host.startDate) + Math.floor(next() * quarters) * 900_000;
    const kind = next();
    appointments.push({
      id: `a${index}`,
      status: kind < 0.05 ? 'cancelled' : kind < 0.1 ? 'waiting' : 'validated',
      tmpBookDate: kind >= 0.05 && kind < 0.1 ? (kind < 0.075 ? '2026-05-29T07:30:00Z' : '2026-05-29T09:30:00Z') : null,
      advisor,
      slot: kind > 0.9 ? null : host.id,
      reason: 'r45',
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 45 * 60_000).toISOString(),
    });
  }
  const downtimes = Array.from({ length: 10 }, (_, index) => {
    const date = days[Math.floor(next() * days.length)];
    return { advisor: `adv${index * 2}`, startDate: iso(date, '12:00'), endDate: iso(date, '18:00') };
  });
  return {
    now: '2026-05-29T10:00:00+02:00',
    query: { reason: 'r45', caller: 'anonymous' },
    communes,
    catchmentAreas,
    places,
    reasons: [
      { id: 'r45', name: 'Conseil', duration: 45, isActive: true, group: 'g1' },
      { id: 'r90', name: 'Visite', duration: 90, isActive: true, group: 'g1' },
    ],
    advisors,
    slots,
    appointments,
    downtimes,
  };
}

/**
 * Wall-clock median and p95 per call, and the mean CPU time per call (user + system), which a
 * machine shared with other work disturbs less than the wall clock.
 */
function timeIt(run: () => unknown): { median: number; p95: number; cpu: number } {
  for (let call = 0; call < Math.min(20, runs); call++) run();
  const samples: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let call = 0; call < runs; call++) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  const cpuUsed = process.cpuUsage(cpuBefore);
  samples.sort((a, b) => a - b);
  return {
    median: samples[Math.floor(samples.length / 2)],
    p95: samples[Math.floor(samples.length * 0.95)],
    cpu: (cpuUsed.user + cpuUsed.system) / 1000 / runs,
  };
}

const figures = ({ median, p95, cpu }: { median: number; p95: number; cpu: number }) =>
  `median ${median.toFixed(2)} ms  p95 ${p95.toFixed(2)} ms  CPU ${cpu.toFixed(2)} ms`;

const data = monthOfSlots();
const countOffers = (input: OffersInput) => findOffers(input).reduce((total, day) => total + day.offers.length, 0);
const scenarios: [string, OffersInput][] = [
  ['visitor, every place (reason 45 min)', data],
  ['visitor, one commune', { ...data, query: { ...data.query, inseeCode: '38125' } }],
  ['advisor, reason 90 min', { ...data, query: { reason: 'r90', caller: 'advisor' } }],
  ['visitor, one advisor asked', { ...data, query: { ...data.query, advisor: 'adv5' } }],
];

console.log(
  `findOffers: ${data.slots.length} slots, ${data.advisors.length} advisors, ` +
    `${data.appointments.length} appointments, ` +
    `${data.downtimes?.length} downtimes; ${runs} runs after a warm-up; Node ${process.version}, ${cpus()[0]?.model}`,
);
let worst = 0;
for (const [name, input] of scenarios) {
  const timing = timeIt(() => findOffers(input));
  worst = Math.max(worst, timing.median);
  console.log(`  ${name.padEnd(40)} ${String(countOffers(input)).padStart(5)} offers  ${figures(timing)}`);
}
const first = findOffers(data)[0].offers.find((offer) => !('dropIn' in offer));
if (first && !('dropIn' in first)) {
  const timing = timeIt(() => checkBookable(data, { slot: first.slot, start: first.start }));
  console.log(`  ${'checkBookable (one choice)'.padEnd(40)}              ${figures(timing)}`);
}
console.log(
  `Target ≤ ${TARGET_MS} ms per search: ${worst <= TARGET_MS ? 'met' : 'NOT met'} ` +
    `(worst median ${worst.toFixed(2)} ms)`,
);
