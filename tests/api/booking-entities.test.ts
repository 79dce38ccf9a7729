import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { create } from '../../server/operations/write';
import { systemContext } from '../../server/seed/system-context';

// The booking entities declared in schemas/entities (slot, appointment, exchange and the rest):
// what their hooks compute (uuid, sequence, group, history), every check's French message, the
// soft delete of slots and appointments, and who sees what.

type FieldErrors = { path: string; message: string }[];
const byPath = (errors: FieldErrors) => Object.fromEntries(errors.map((e) => [e.path, e.message]));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A day far enough ahead to never be in the past, in winter (Paris = UTC+1). */
const DAY = '2031-01-14';
const at = (hhmm: string, day = DAY) => `${day}T${hhmm}:00.000Z`;

function slotBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    text: 'Permanence test',
    group: 2,
    startDate: at('08:00'),
    endDate: at('11:00'),
    place: 1,
    catchmentArea: 1,
    reasons: [1, 2],
    advisors: [3, 4],
    ...overrides,
  };
}

describe.each(DIALECTS)('booking entities on %s', (dialect) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  appOn(dialect, (app) => {
    t = app;
  });

  beforeAll(async () => {
    token.advisor = await t.login('conseiller@demo.fr');
    token.neighbour = await t.login('conseiller.voisin@demo.fr');
    token.admin = await t.login('admin@demo.fr');
    token.client = await t.login('client@demo.fr');
    token.pro = await t.login('pro@demo.fr');
  });

  async function newSlot(overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const res = await t.call('/dialogwatt/slot/', { method: 'POST', token: token.advisor, body: slotBody(overrides) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as Record<string, unknown>;
  }

  // Each appointment on its own day: a staff create re-checks availability, so two at the same
  // time for the same advisor would collide.
  let appointmentDays = 0;
  async function newAppointment(overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const day = `2031-02-${String(10 + appointmentDays++).padStart(2, '0')}`;
    const slot = await newSlot({ startDate: at('08:00', day), endDate: at('11:00', day) });
    const res = await t.call('/dialogwatt/appointment/', {
      method: 'POST',
      token: token.advisor,
      body: {
        subject: 'RDV pris par un conseiller',
        startDate: at('08:00', day),
        endDate: at('09:00', day),
        slot: slot.pk,
        reason: 1,
        place: 1,
        advisor: 3,
        client: 7,
        ...overrides,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as Record<string, unknown>;
  }

  it('seeds demo slots over the coming three weeks in every mode, and a few appointments', async () => {
    const slots = (await t.call('/dialogwatt/slot/?perPage=200', { token: token.admin })).body as {
      pk: number;
      startDate: string;
      visibility: string;
      useAdvisorCalendar: boolean;
      advisors: number[];
      status: string;
    }[];
    const now = Date.now();
    const demo = slots.filter((s) => s.pk <= 15);
    expect(demo.length).toBeGreaterThanOrEqual(12);
    for (const s of demo) {
      expect(Date.parse(s.startDate)).toBeGreaterThan(now);
      expect(Date.parse(s.startDate)).toBeLessThan(now + 22 * 86_400_000);
    }
    // The cancelled demo slot is left out of the default list.
    expect(demo.map((s) => s.pk)).not.toContain(15);
    expect(new Set(demo.map((s) => s.visibility))).toEqual(new Set(['online', 'advisor', 'without_reservation']));
    expect(demo.some((s) => s.visibility === 'online' && s.advisors.length === 2)).toBe(true);
    expect(demo.some((s) => s.visibility === 'online' && !s.useAdvisorCalendar)).toBe(true);
    const mine = (await t.call('/dialogwatt/appointment/?perPage=200', { token: token.client })).body as {
      pk: number;
      uuid: string;
    }[];
    expect(mine.map((a) => a.pk).sort()).toEqual([1, 3, 5]);
    for (const a of mine) expect(a.uuid).toMatch(UUID);
  });

  it('gives a slot a uuid once and a sequence of 0 then 1, 2… on every save', async () => {
    const slot = await newSlot();
    expect(slot.uuid).toMatch(UUID);
    expect(slot.sequence).toBe(0);
    expect(slot.status).toBe('validated');
    expect(slot.visibility).toBe('online');
    expect(slot.deadline).toBe(24);
    const changed = await t.call(`/dialogwatt/slot/${slot.pk}/`, {
      method: 'PATCH',
      token: token.advisor,
      body: { text: 'Renommé', uuid: '00000000-0000-4000-8000-000000000000', sequence: 40 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.text).toBe('Renommé');
    expect(changed.body.uuid).toBe(slot.uuid);
    expect(changed.body.sequence).toBe(1);
    const again = await t.call(`/dialogwatt/slot/${slot.pk}/`, { method: 'PATCH', token: token.advisor, body: {} });
    expect(again.body.sequence).toBe(2);
    const other = await newSlot();
    expect(other.uuid).not.toBe(slot.uuid);
  });

  it('refuses slots breaking a rule with the reference French message, and writes nothing', async () => {
    const before = (await t.call('/dialogwatt/slot/?perPage=200', { token: token.admin })).body.length;
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { useAdvisorCalendar: true, numberOfActiveAdvisors: 2 },
        {
          numberOfActiveAdvisors:
            'La gestion des agendas conseillers est incompatible avec le nombre de conseillers simultanés',
        },
      ],
      [
        { useAdvisorCalendar: false, numberOfActiveAdvisors: 0 },
        {
          numberOfActiveAdvisors:
            'Le nombre de conseillers simultanés ne peut pas être égal à zéro ' +
            'si la gestion des agendas conseillers est désactivée',
        },
      ],
      [{ reasons: [] }, { reasons: 'Un créneau doit être associé à au moins un motif de rendez-vous' }],
      [{ endDate: at('07:00') }, { endDate: 'La date de fin doit être postérieure à la date de début.' }],
      // 08:00 UTC on the 14th to 00:30 Paris time on the 15th.
      [{ endDate: at('23:30') }, { endDate: 'Un créneau commence et finit le même jour.' }],
      [{ advisors: [3, 999] }, { advisors: "Le conseiller 999 n'existe pas." }],
      [{ advisors: [7] }, { advisors: "Le conseiller 7 n'existe pas." }],
      [{ reasons: [999] }, { reasons: "Le motif de rdv 999 n'existe pas." }],
    ];
    for (const [overrides, expected] of cases) {
      const res = await t.call('/dialogwatt/slot/', {
        method: 'POST',
        token: token.advisor,
        body: slotBody(overrides),
      });
      expect({ overrides, status: res.status }).toEqual({ overrides, status: 400 });
      expect(byPath(res.body.errors)).toEqual(expected);
    }
    const after = (await t.call('/dialogwatt/slot/?perPage=200', { token: token.admin })).body.length;
    expect(after).toBe(before);
  });

  it('keeps a slot of a DST day valid when it stays on one Paris day, and accepts capacity mode', async () => {
    // 2031-03-30 is the spring change: 00:30 to 22:30 UTC is 01:30 to 00:30 the next day in Paris.
    const crossing = await t.call('/dialogwatt/slot/', {
      method: 'POST',
      token: token.advisor,
      body: slotBody({ startDate: '2031-03-30T00:30:00.000Z', endDate: '2031-03-30T22:30:00.000Z' }),
    });
    expect(byPath(crossing.body.errors)).toEqual({ endDate: 'Un créneau commence et finit le même jour.' });
    const capacity = await newSlot({
      startDate: '2031-03-30T06:00:00.000Z',
      endDate: '2031-03-30T21:30:00.000Z',
      useAdvisorCalendar: false,
      numberOfActiveAdvisors: 2,
      advisors: [],
    });
    expect(capacity.numberOfActiveAdvisors).toBe(2);
  });

  it('cancels a slot on DELETE instead of removing it; default lists leave it out', async () => {
    const slot = await newSlot();
    const deleted = await t.call(`/dialogwatt/slot/${slot.pk}/`, { method: 'DELETE', token: token.advisor });
    expect(deleted.status).toBe(200);
    const detail = await t.call(`/dialogwatt/slot/${slot.pk}/`, { token: token.advisor });
    expect(detail.status).toBe(200);
    expect(detail.body.status).toBe('cancelled');
    expect(detail.body.sequence).toBe(1);
    const listed = (await t.call('/dialogwatt/slot/?perPage=200', { token: token.advisor })).body as { pk: number }[];
    expect(listed.map((s) => s.pk)).not.toContain(slot.pk);
    const cancelled = (await t.call('/dialogwatt/slot/?status=cancelled&perPage=200', { token: token.advisor }))
      .body as { pk: number; status: string }[];
    expect(cancelled.map((s) => s.pk)).toContain(slot.pk);
    expect(new Set(cancelled.map((s) => s.status))).toEqual(new Set(['cancelled']));
    // A second DELETE changes nothing (no new version).
    await t.call(`/dialogwatt/slot/${slot.pk}/`, { method: 'DELETE', token: token.advisor });
    expect((await t.call(`/dialogwatt/slot/${slot.pk}/`, { token: token.advisor })).body.sequence).toBe(1);
  });

  it('hides a slot of another structure from an advisor (list) and refuses it (403)', async () => {
    const slot = await newSlot();
    const theirs = (await t.call('/dialogwatt/slot/?perPage=200', { token: token.neighbour })).body as {
      pk: number;
      group: number;
    }[];
    expect(theirs.map((s) => s.pk)).not.toContain(slot.pk);
    expect(new Set(theirs.map((s) => s.group))).not.toContain(2);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await t.call(`/dialogwatt/slot/${slot.pk}/`, { method, token: token.neighbour, body: {} });
      expect({ method, status: res.status }).toEqual({ method, status: 403 });
    }
    const refused = await t.call('/dialogwatt/slot/', {
      method: 'POST',
      token: token.neighbour,
      body: slotBody({ place: 4, catchmentArea: 3, advisors: [8], reasons: [4] }),
    });
    expect(refused.status).toBe(403);
    expect((await t.call('/dialogwatt/slot/', { token: token.client })).status).toBe(403);
    expect((await t.call('/dialogwatt/slot/')).status).toBe(401);
  });

  it('computes the appointment group, uuid, sequence and a history line per back-office save', async () => {
    const a = await newAppointment();
    expect(a.uuid).toMatch(UUID);
    expect(a.sequence).toBe(0);
    expect(a.group).toBe(2);
    expect(a.status).toBe('validated');
    expect(a.history).toMatch(
      /^- Création : Claire Conseillère \(conseiller@demo\.fr\) - \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/,
    );
    const changed = await t.call(`/dialogwatt/appointment/${a.pk}/`, {
      method: 'PATCH',
      token: token.admin,
      body: { hasBeenHonored: true, history: 'effacé', group: 3 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.group).toBe(2);
    expect(changed.body.sequence).toBe(1);
    const lines = (changed.body.history as string).split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(a.history);
    expect(lines[1]).toMatch(/^- Modification : Alice Administratrice \(admin@demo\.fr\) - \d{4}-/);
    // Without a slot, the advisor's structure; without either, the reason's.
    const byAdvisor = await t.call('/dialogwatt/appointment/', {
      method: 'POST',
      token: token.neighbour,
      body: { subject: 'Sans créneau', startDate: at('13:00'), endDate: at('14:00'), advisor: 8 },
    });
    expect(byAdvisor.status).toBe(201);
    expect(byAdvisor.body.group).toBe(3);
    const byReason = await t.call('/dialogwatt/appointment/', {
      method: 'POST',
      token: token.neighbour,
      body: { subject: 'Motif seul', startDate: at('13:00'), endDate: at('14:00'), reason: 4 },
    });
    expect(byReason.body.group).toBe(3);
  });

  it('refuses appointments breaking a rule with the reference French message', async () => {
    const slot = await newSlot();
    const base = { subject: 'RDV', startDate: at('08:00'), endDate: at('09:00'), slot: slot.pk, advisor: 3 };
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ endDate: at('08:10') }, { endDate: "La durée minimale d'un rendez-vous est de 15 minutes" }],
      [{ endDate: at('07:00') }, { endDate: 'La date de fin doit être postérieure à la date de début.' }],
      [
        { startDate: at('08:00', '2031-01-15'), endDate: at('09:00', '2031-01-15') },
        {
          startDate: 'Le rendez-vous est lié à un créneau du 14/01/31 et ne peut pas être déplacé au 15/01/31',
        },
      ],
      [{ advisor: 7 }, { advisor: "Le conseiller 7 n'est pas un conseiller actif." }],
      [{ slot: null, advisor: null, reason: null }, { '': "Le RDV n'est rattaché à aucun groupe." }],
      [{ client: 3 }, { client: "L'élément 3 n'existe pas." }],
    ];
    for (const [overrides, expected] of cases) {
      const res = await t.call('/dialogwatt/appointment/', {
        method: 'POST',
        token: token.advisor,
        body: { ...base, ...overrides },
      });
      expect({ overrides, status: res.status }).toEqual({ overrides, status: 400 });
      expect(byPath(res.body.errors)).toEqual(expected);
    }
    // An inactive advisor is not an active advisor.
    const inactive = await create(systemContext(t.app), 'user', {
      email: `inactif-${dialect}@example.org`,
      lastName: 'Inactif',
      userType: 'advisor',
      group: 2,
      isActive: false,
      nomail: true,
    });
    const res = await t.call('/dialogwatt/appointment/', {
      method: 'POST',
      token: token.advisor,
      body: { ...base, advisor: inactive.pk },
    });
    expect(byPath(res.body.errors)).toEqual({ advisor: `Le conseiller ${inactive.pk} n'est pas un conseiller actif.` });
  });

  it('cancels an appointment on DELETE, with a history line, and leaves it out of default lists', async () => {
    const a = await newAppointment();
    const deleted = await t.call(`/dialogwatt/appointment/${a.pk}/`, { method: 'DELETE', token: token.advisor });
    expect(deleted.status).toBe(200);
    const detail = await t.call(`/dialogwatt/appointment/${a.pk}/`, { token: token.advisor });
    expect(detail.body.status).toBe('cancelled');
    expect(detail.body.sequence).toBe(1);
    expect((detail.body.history as string).split('\n')[1]).toMatch(/^- Annulation : Claire Conseillère/);
    const listed = (await t.call('/dialogwatt/appointment/?perPage=200', { token: token.advisor })).body as {
      pk: number;
    }[];
    expect(listed.map((r) => r.pk)).not.toContain(a.pk);
    const cancelled = (await t.call('/dialogwatt/appointment/?status=cancelled&perPage=200', { token: token.advisor }))
      .body as { pk: number }[];
    expect(cancelled.map((r) => r.pk)).toContain(a.pk);
  });

  it('re-checks availability on a staff create or move: a taken time is refused (409), nothing changes', async () => {
    const day = '2031-03-04';
    const slot = await newSlot({ startDate: at('08:00', day), endDate: at('11:00', day) });
    const body = (hhmm: string, extra: Record<string, unknown> = {}) => ({
      subject: 'RDV agenda',
      startDate: at(hhmm, day),
      endDate: at(`${String(Number(hhmm.slice(0, 2)) + 1).padStart(2, '0')}:00`, day),
      slot: slot.pk,
      reason: 1,
      place: 1,
      ...extra,
    });
    const post = (b: Record<string, unknown>) =>
      t.call('/dialogwatt/appointment/', { method: 'POST', token: token.advisor, body: b });
    const count = async () =>
      ((await t.call('/dialogwatt/appointment/?perPage=200', { token: token.admin })).body as unknown[]).length;
    const first = await post(body('08:00', { advisor: 3 }));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // No advisor chosen on a slot using advisor calendars: a free one is picked and stored.
    const picked = await post(body('08:00'));
    expect(picked.status, JSON.stringify(picked.body)).toBe(201);
    expect(picked.body.advisor).toBe(4);
    // Both advisors are taken at 08:00: the same advisor, or none, is refused and nothing is written.
    const before = await count();
    for (const extra of [{ advisor: 3 }, {}]) {
      const taken = await post(body('08:00', extra));
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe("Ce créneau n'est plus disponible, merci d'en choisir un autre.");
    }
    expect(await count()).toBe(before);
    // Outside any slot, the advisor must still be free at that time.
    const phone = await post({ subject: 'Appel', startDate: at('08:30', day), endDate: at('08:45', day), advisor: 3 });
    expect(phone.status).toBe(409);
    expect(phone.body.message).toBe('Ce conseiller a déjà un rendez-vous à cet horaire.');
    // A move onto a taken time is refused and leaves the appointment as it was.
    const later = await post(body('10:00', { advisor: 3 }));
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    const move = (changes: Record<string, unknown>) =>
      t.call(`/dialogwatt/appointment/${later.body.pk}/`, { method: 'PATCH', token: token.advisor, body: changes });
    const refused = await move({ startDate: at('08:00', day), endDate: at('09:00', day) });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Ce créneau n'est plus disponible, merci d'en choisir un autre.");
    const unchanged = await t.call(`/dialogwatt/appointment/${later.body.pk}/`, { token: token.advisor });
    expect(unchanged.body).toMatchObject({ startDate: at('10:00', day), sequence: 0, advisor: 3 });
    // A save that keeps its own time does not collide with itself (another reason, same time).
    const same = await move({ startDate: at('10:00', day), reason: 2 });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body).toMatchObject({ startDate: at('10:00', day), reason: 2, advisor: 3 });
    // A free time is accepted.
    const free = await move({ startDate: at('09:00', day), endDate: at('10:00', day), reason: 1 });
    expect(free.status, JSON.stringify(free.body)).toBe(200);
  });

  it('refuses an off-slot appointment during the advisor downtime or another appointment, serialised', async () => {
    const day = '2031-03-11';
    const post = (b: Record<string, unknown>) =>
      t.call('/dialogwatt/appointment/', { method: 'POST', token: token.advisor, body: b });
    const note = (from: string, to: string, extra: Record<string, unknown> = {}) => ({
      subject: 'Appel',
      startDate: at(from, day),
      endDate: at(to, day),
      advisor: 3,
      ...extra,
    });
    const downtime = await t.call('/dialogwatt/advisor-downtime/', {
      method: 'POST',
      token: token.advisor,
      body: {
        name: 'Formation',
        advisor: 3,
        group: 2,
        isActive: true,
        startDate: at('13:00', day),
        endDate: at('15:00', day),
      },
    });
    expect(downtime.status, JSON.stringify(downtime.body)).toBe(201);
    const during = await post(note('14:30', '15:30'));
    expect(during.status).toBe(409);
    expect(during.body.message).toBe('Ce conseiller est indisponible à cet horaire.');
    // Back to back with the downtime is free (half-open periods), and another advisor is not concerned.
    expect((await post(note('15:00', '15:30'))).status).toBe(201);
    expect((await post(note('14:00', '14:30', { advisor: 4 }))).status).toBe(201);
    // A move into the downtime is refused and changes nothing.
    const morning = await post(note('09:00', '09:30'));
    expect(morning.status, JSON.stringify(morning.body)).toBe(201);
    const moved = await t.call(`/dialogwatt/appointment/${morning.body.pk}/`, {
      method: 'PATCH',
      token: token.advisor,
      body: { startDate: at('13:30', day), endDate: at('14:00', day) },
    });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe('Ce conseiller est indisponible à cet horaire.');
    const unchanged = await t.call(`/dialogwatt/appointment/${morning.body.pk}/`, { token: token.advisor });
    expect(unchanged.body.startDate).toBe(at('09:00', day));
    // An inactive downtime blocks nothing.
    const off = await t.call(`/dialogwatt/advisor-downtime/${downtime.body.pk}/`, {
      method: 'PATCH',
      token: token.advisor,
      body: { isActive: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await post(note('13:00', '13:30'))).status).toBe(201);
    // Twelve simultaneous notes of the same advisor at the same time: one is written, the others
    // see it (the advisor lock of reserveTime) and are refused.
    const all = await Promise.all(Array.from({ length: 12 }, () => post(note('17:00', '17:30'))));
    expect(all.map((r) => r.status).sort()).toEqual([201, ...Array(11).fill(409)]);
    for (const r of all.filter((r) => r.status === 409))
      expect(r.body.message).toBe('Ce conseiller a déjà un rendez-vous à cet horaire.');
    const listed = await t.call(`/dialogwatt/appointment/?advisor=3&perPage=500`, { token: token.admin });
    const at17 = (listed.body as { startDate: string }[]).filter((a) => a.startDate === at('17:00', day));
    expect(at17).toHaveLength(1);
  });

  it('lets a client see and cancel only their own appointments, not move them nor write the history', async () => {
    const mine = await newAppointment({ client: 7 });
    const notMine = await newAppointment({ client: null });
    const listed = (await t.call('/dialogwatt/appointment/?perPage=200', { token: token.client })).body as {
      pk: number;
      client: number;
    }[];
    expect(listed.map((r) => r.pk)).toContain(mine.pk);
    expect(listed.map((r) => r.pk)).not.toContain(notMine.pk);
    expect(new Set(listed.map((r) => r.client))).toEqual(new Set([7]));
    expect((await t.call(`/dialogwatt/appointment/${notMine.pk}/`, { token: token.client })).status).toBe(403);
    const moved = await t.call(`/dialogwatt/appointment/${mine.pk}/`, {
      method: 'PATCH',
      token: token.client,
      body: { startDate: at('10:00'), endDate: at('11:00'), status: 'validated', description: 'Merci', history: 'x' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.startDate).toBe(mine.startDate);
    expect(moved.body.description).toBe('Merci');
    expect(moved.body.history).toBe(mine.history);
    const created = await t.call('/dialogwatt/appointment/', {
      method: 'POST',
      token: token.client,
      body: { subject: 'Moi', startDate: at('10:00'), endDate: at('11:00'), advisor: 3, client: 7 },
    });
    expect(created.status).toBe(403);
    expect(
      (await t.call(`/dialogwatt/appointment/${notMine.pk}/`, { method: 'DELETE', token: token.client })).status,
    ).toBe(403);
    expect(
      (await t.call(`/dialogwatt/appointment/${mine.pk}/`, { method: 'DELETE', token: token.client })).status,
    ).toBe(200);
    expect((await t.call(`/dialogwatt/appointment/${mine.pk}/`, { token: token.client })).body.status).toBe(
      'cancelled',
    );
  });

  it('hides appointments of another structure from an advisor and refuses them (403)', async () => {
    const a = await newAppointment();
    const theirs = (await t.call('/dialogwatt/appointment/?perPage=200', { token: token.neighbour })).body as {
      pk: number;
    }[];
    expect(theirs.map((r) => r.pk)).not.toContain(a.pk);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await t.call(`/dialogwatt/appointment/${a.pk}/`, { method, token: token.neighbour, body: {} });
      expect({ method, status: res.status }).toEqual({ method, status: 403 });
    }
    expect((await t.call('/dialogwatt/appointment/', { token: token.pro })).status).toBe(403);
    expect((await t.call(`/dialogwatt/appointment/${a.pk}/`, { token: token.pro })).status).toBe(403);
  });

  it('serves exchanges read-only: staff of the structure list and read them, nobody writes them', async () => {
    const system = systemContext(t.app);
    const exchange = await create(system, 'exchange', {
      group: 2,
      schedule: at('07:00'),
      messageType: 'mail',
      subject: 'Confirmation de votre rendez-vous',
      toUser: 7,
      toLabel: 'Camille Cliente <client@demo.fr>',
      messageMailAscii: 'Bonjour',
    });
    const sms = await t.call('/dialogwatt/exchange/', { token: token.advisor });
    expect(sms.status).toBe(200);
    expect((sms.body as { pk: number }[]).map((r) => r.pk)).toContain(exchange.pk);
    expect((await t.call(`/dialogwatt/exchange/${exchange.pk}/`, { token: token.advisor })).body.subject).toBe(
      'Confirmation de votre rendez-vous',
    );
    expect((await t.call(`/dialogwatt/exchange/${exchange.pk}/`, { token: token.neighbour })).status).toBe(403);
    expect((await t.call('/dialogwatt/exchange/', { token: token.client })).status).toBe(403);
    for (const [method, path] of [
      ['POST', '/dialogwatt/exchange/'],
      ['PATCH', `/dialogwatt/exchange/${exchange.pk}/`],
      ['DELETE', `/dialogwatt/exchange/${exchange.pk}/`],
    ] as const) {
      const res = await t.call(path, { method, token: token.admin, body: { subject: 'Changé' } });
      expect({ method, status: res.status }).toEqual({ method, status: 404 });
    }
    expect((await t.call(`/dialogwatt/exchange/${exchange.pk}/`, { token: token.admin })).body.subject).toBe(
      'Confirmation de votre rendez-vous',
    );
    await expect(
      create(system, 'exchange', { group: 2, schedule: at('07:00'), messageType: 'sms', subject: 'Objet' }),
    ).rejects.toMatchObject({ errors: [{ path: 'subject', message: "Un SMS n'a pas d'objet." }] });
  });

  it('records a sent notification once per occurrence key', async () => {
    const system = systemContext(t.app);
    const entry = {
      notification: 1,
      originEntity: 'appointment',
      originPk: 1,
      occurrenceKey: `1:appointment:1:${dialect}`,
    };
    await create(system, 'notification-sent', entry);
    await expect(create(system, 'notification-sent', entry)).rejects.toMatchObject({
      errors: [{ path: 'occurrenceKey' }],
    });
  });

  it('keeps permanent calendar filters to their owner, with a secret uuid and non-empty filters', async () => {
    const body = { user: 3, kind: 'appointments', advisors: [3], places: [1], reasons: [1] };
    const created = await t.call('/dialogwatt/calendar-permanent-url/', { method: 'POST', token: token.advisor, body });
    expect(created.status).toBe(201);
    expect(created.body.uniqueId).toMatch(UUID);
    const forSomeoneElse = await t.call('/dialogwatt/calendar-permanent-url/', {
      method: 'POST',
      token: token.advisor,
      body: { ...body, user: 4 },
    });
    expect(forSomeoneElse.status).toBe(403);
    const empty = await t.call('/dialogwatt/calendar-permanent-url/', {
      method: 'POST',
      token: token.advisor,
      body: { ...body, advisors: [], places: [], reasons: [] },
    });
    expect(byPath(empty.body.errors)).toEqual({
      advisors: 'Le filtre doit contenir au moins un conseiller.',
      places: 'Le filtre doit contenir au moins un lieu.',
      reasons: 'Le filtre doit contenir au moins un motif de rendez-vous.',
    });
    expect(
      (await t.call(`/dialogwatt/calendar-permanent-url/${created.body.pk}/`, { token: token.admin })).status,
    ).toBe(403);
    const mine = (await t.call('/dialogwatt/calendar-permanent-url/', { token: token.advisor })).body as {
      pk: number;
    }[];
    expect(mine.map((r) => r.pk)).toEqual([created.body.pk]);
  });
});
