import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { startSmtpCapture } from '../helpers/smtp-capture';
import { create } from '../../server/operations/write';
import { systemContext } from '../../server/seed/system-context';

// The booking back office (server/modules/booking-admin): appointment statistics and their
// spreadsheet, slot duplication across a clock change, slot-has-appointments, the SMTP test.

const PARIS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
/** "30/03/2031 09:00" as Paris clocks show the instant. */
const paris = (iso: string) => PARIS.format(new Date(iso)).replace(',', '');

type Row = { key: string; label: string; count: number; honoured: number; honouredRate: number | null };

describe.each(DIALECTS)('booking back office on %s', (dialect) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  appOn(dialect, (app) => {
    t = app;
  });

  async function appointment(body: Record<string, unknown>) {
    return create(systemContext(t.app), 'appointment', { subject: 'Statistiques', client: 7, ...body });
  }

  beforeAll(async () => {
    token.advisor = await t.login('conseiller@demo.fr');
    token.super = await t.login('superconseiller@demo.fr');
    token.neighbour = await t.login('conseiller.voisin@demo.fr');
    token.admin = await t.login('admin@demo.fr');
    token.manager = await t.login('manager@demo.fr');
    token.client = await t.login('client@demo.fr');
    // Group 2 (advisors 3 and 4, reasons 1-2, place 1) and group 3 (advisor 8, reason 4, place 4).
    const g2 = { place: 1 };
    await appointment({
      ...g2,
      advisor: 3,
      reason: 1,
      startDate: '2031-02-10T09:00:00.000Z',
      endDate: '2031-02-10T10:00:00.000Z',
      hasBeenHonored: true,
    });
    await appointment({
      ...g2,
      advisor: 3,
      reason: 1,
      startDate: '2031-02-11T09:00:00.000Z',
      endDate: '2031-02-11T10:00:00.000Z',
    });
    // 00:30 on 1 February in Paris (UTC+1): inside a period starting that day.
    await appointment({
      ...g2,
      advisor: 4,
      reason: 1,
      startDate: '2031-01-31T23:30:00.000Z',
      endDate: '2031-02-01T00:30:00.000Z',
    });
    await appointment({
      ...g2,
      advisor: 3,
      reason: 2,
      startDate: '2031-03-05T09:00:00+01:00',
      endDate: '2031-03-05T10:00:00+01:00',
      hasBeenHonored: true,
    });
    // Cancelled: never counted, honoured or not.
    await appointment({
      ...g2,
      advisor: 3,
      reason: 2,
      status: 'cancelled',
      startDate: '2031-03-06T09:00:00.000Z',
      endDate: '2031-03-06T10:00:00.000Z',
      hasBeenHonored: true,
    });
    // 00:30 on 1 April in Paris (UTC+2): after a period ending on 31 March.
    await appointment({
      ...g2,
      advisor: 3,
      reason: 2,
      startDate: '2031-03-31T22:30:00.000Z',
      endDate: '2031-03-31T23:30:00.000Z',
    });
    await appointment({
      place: 4,
      advisor: 8,
      reason: 4,
      startDate: '2031-02-15T09:00:00.000Z',
      endDate: '2031-02-15T10:00:00.000Z',
      hasBeenHonored: true,
    });
  });

  const stats = (query: string, who: string) => t.call(`/dialogwatt/statistics/?${query}`, { token: token[who] });
  const PERIOD = 'from=2031-02-01&to=2031-03-31';

  it('counts an advisor’s structure by reason, with the honoured rate and the totals', async () => {
    const res = await stats(`${PERIOD}&groupBy=reason`, 'advisor');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.rows).toEqual([
      { key: '1', label: 'Premier conseil rénovation', count: 3, honoured: 1, honouredRate: 1 / 3 },
      { key: '2', label: 'Aides financières', count: 1, honoured: 1, honouredRate: 1 },
    ]);
    expect(res.body.totals).toEqual({ count: 4, honoured: 2, honouredRate: 0.5 });
    const neighbour = await stats(`${PERIOD}&groupBy=reason`, 'neighbour');
    expect(neighbour.body.rows).toEqual([
      { key: '4', label: 'Conseil copropriété', count: 1, honoured: 1, honouredRate: 1 },
    ]);
  });

  it('groups by month (every month of the period) and by advisor', async () => {
    const months = await stats(`from=2031-01-01&to=2031-04-30&groupBy=month`, 'advisor');
    expect(months.body.rows.map((r: Row) => [r.label, r.count, r.honoured])).toEqual([
      ['Janvier 2031', 0, 0],
      ['Février 2031', 3, 1],
      ['Mars 2031', 1, 1],
      ['Avril 2031', 1, 0],
    ]);
    expect(months.body.rows[0].honouredRate).toBeNull();
    const advisors = await stats(`${PERIOD}&groupBy=advisor`, 'super');
    expect(advisors.body.rows.map((r: Row) => [r.key, r.count, r.honoured])).toEqual([
      ['3', 3, 2],
      ['4', 1, 0],
    ]);
    expect(advisors.body.rows[0].label).toMatch(/\S/);
    const places = await stats(`${PERIOD}&groupBy=place`, 'advisor');
    expect(places.body.rows).toEqual([
      { key: '1', label: 'Espace Conseil de Grenoble', count: 4, honoured: 2, honouredRate: 0.5 },
    ]);
  });

  it('shows administrators every structure, or one of their choice; advisors only their own', async () => {
    const all = await stats(`${PERIOD}&groupBy=reason`, 'admin');
    expect(all.body.totals).toEqual({ count: 5, honoured: 3, honouredRate: 0.6 });
    const one = await stats(`${PERIOD}&groupBy=reason&group=3`, 'admin');
    expect(one.body.totals).toEqual({ count: 1, honoured: 1, honouredRate: 1 });
    expect((await stats(`${PERIOD}&group=3`, 'advisor')).status).toBe(403);
    expect((await stats(`${PERIOD}&group=2`, 'advisor')).body.totals.count).toBe(4);
  });

  it('refuses other callers and bad periods with French messages', async () => {
    expect((await t.call(`/dialogwatt/statistics/?${PERIOD}`)).status).toBe(401);
    expect((await stats(PERIOD, 'manager')).status).toBe(403);
    expect((await stats(PERIOD, 'client')).status).toBe(403);
    expect((await t.call(`/dialogwatt/statistics/export.xlsx?${PERIOD}`)).status).toBe(401);
    const bad = await stats('from=2031-02-30&to=2031-03-31', 'advisor');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ path: 'from', message: 'Indiquez une date valide (AAAA-MM-JJ).' });
    const reversed = await stats('from=2031-03-01&to=2031-02-01', 'advisor');
    expect(reversed.body.errors[0].message).toBe('La fin de la période doit être après son début.');
    const grouping = await stats(`${PERIOD}&groupBy=colour`, 'advisor');
    expect(grouping.status).toBe(400);
    expect(grouping.body.errors[0].path).toBe('groupBy');
  });

  it('exports the same rows as a spreadsheet that exceljs reads', async () => {
    const query = `${PERIOD}&groupBy=reason`;
    const res = await fetch(`${t.url}/api/v1/dialogwatt/statistics/export.xlsx?${query}`, {
      headers: { Authorization: `JWT ${token.advisor}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain('statistiques-rdv-2031-02-01-2031-03-31.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = book.getWorksheet('Statistiques')!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)[0]).toBe('Rendez-vous du 01/02/2031 au 31/03/2031');
    expect(values(3)).toEqual(['Motif de rendez-vous', 'Rendez-vous', 'Honorés', 'Taux honoré']);
    const json = (await stats(query, 'advisor')).body;
    json.rows.forEach((r: Row, i: number) => {
      expect(values(4 + i)).toEqual([r.label, r.count, r.honoured, r.honouredRate]);
    });
    expect(values(4 + json.rows.length)).toEqual(['Total', 4, 2, 0.5]);
    expect(sheet.getRow(4).getCell(4).numFmt).toBe('0.0%');
  });

  describe('slot duplication', () => {
    let slot: Record<string, unknown>;
    beforeAll(async () => {
      // Friday 28 March 2031, 09:00–12:00 in Paris (UTC+1); the clocks change on Sunday 30 March.
      const res = await t.call('/dialogwatt/slot/', {
        method: 'POST',
        token: token.advisor,
        body: {
          text: 'Permanence du vendredi',
          group: 2,
          startDate: '2031-03-28T08:00:00.000Z',
          endDate: '2031-03-28T11:00:00.000Z',
          place: 1,
          catchmentArea: 1,
          reasons: [1, 2],
          advisors: [3, 4],
          deadline: 48,
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      slot = res.body;
    });

    const slotCount = async () => (await t.call('/dialogwatt/slot/?perPage=200', { token: token.admin })).body.length;
    const duplicate = (body: unknown, who = 'advisor') =>
      t.call('/dialogwatt/slot-duplicate-to-dates/', { method: 'POST', token: token[who], body });

    it('keeps 09:00–12:00 Paris across the last Sunday of March, with new uuids, in one answer', async () => {
      const res = await duplicate({ slot: slot.pk, dates: ['2031-03-29', '2031-03-30', '2031-04-04'] });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.created).toHaveLength(3);
      const copies = await Promise.all(
        res.body.created.map(
          async (pk: number) => (await t.call(`/dialogwatt/slot/${pk}/`, { token: token.advisor })).body,
        ),
      );
      expect(copies.map((c) => [paris(c.startDate), paris(c.endDate)])).toEqual([
        ['29/03/2031 09:00', '29/03/2031 12:00'],
        ['30/03/2031 09:00', '30/03/2031 12:00'],
        ['04/04/2031 09:00', '04/04/2031 12:00'],
      ]);
      // Summer time: 09:00 in Paris is 07:00 UTC from the Sunday on.
      expect(copies[1].startDate).toBe('2031-03-30T07:00:00.000Z');
      for (const c of copies) {
        expect(c.uuid).not.toBe(slot.uuid);
        expect(c).toMatchObject({ advisors: [3, 4], reasons: [1, 2], group: 2, place: 1, deadline: 48, sequence: 0 });
      }
      expect(new Set(copies.map((c) => c.uuid)).size).toBe(3);
    });

    it('refuses bad requests in French and writes nothing', async () => {
      const before = await slotCount();
      const cases: [unknown, number, string][] = [
        [{ slot: 999999, dates: ['2031-05-01'] }, 404, "Ce créneau n'existe pas."],
        [{ slot: slot.pk, dates: [] }, 400, 'Choisissez au moins une date où copier le créneau.'],
        [
          { slot: slot.pk, dates: ['2031-05-01', '2031-02-31'] },
          400,
          "« 2031-02-31 » n'est pas une date valide (AAAA-MM-JJ).",
        ],
        [{ slot: slot.pk, dates: ['2031-05-01', '2020-01-06'] }, 400, 'La date du 06/01/2020 est passée'],
        [{ slot: slot.pk, dates: ['2031-05-01', '2031-05-01'] }, 400, 'La date du 01/05/2031 est donnée deux fois.'],
      ];
      const many = Array.from({ length: 61 }, (_, i) => new Date(Date.UTC(2032, 0, 1 + i)).toISOString().slice(0, 10));
      cases.push([
        { slot: slot.pk, dates: many },
        400,
        'Vous pouvez copier un créneau sur 60 dates au plus à la fois.',
      ]);
      for (const [body, status, text] of cases) {
        const res = await duplicate(body);
        expect(res.status, JSON.stringify(res.body)).toBe(status);
        expect(res.body.errors?.[0]?.message ?? res.body.message).toContain(text);
      }
      expect(await slotCount()).toBe(before);
    });

    it('lets only staff of the slot’s structure duplicate it (401, 403)', async () => {
      const body = { slot: slot.pk, dates: ['2031-05-02'] };
      expect((await t.call('/dialogwatt/slot-duplicate-to-dates/', { method: 'POST', body })).status).toBe(401);
      expect((await duplicate(body, 'neighbour')).status).toBe(403);
      expect((await duplicate(body, 'client')).status).toBe(403);
      expect((await duplicate(body, 'admin')).status).toBe(201);
    });

    it('says whether a slot has appointments that are not cancelled', async () => {
      const has = (pk: unknown, who = 'advisor') =>
        t.call(`/dialogwatt/slot-has-appointments/${pk}/`, { token: token[who] });
      expect((await has(slot.pk)).body).toEqual({ status: false, count: 0 });
      const base = { place: 1, advisor: 3, reason: 1, slot: slot.pk };
      await appointment({ ...base, startDate: '2031-03-28T08:00:00.000Z', endDate: '2031-03-28T09:00:00.000Z' });
      await appointment({
        ...base,
        status: 'cancelled',
        startDate: '2031-03-28T09:00:00.000Z',
        endDate: '2031-03-28T10:00:00.000Z',
      });
      expect((await has(slot.pk)).body).toEqual({ status: true, count: 1 });
      expect((await has(slot.pk, 'neighbour')).status).toBe(403);
      expect((await t.call(`/dialogwatt/slot-has-appointments/${slot.pk}/`)).status).toBe(401);
      expect((await has(999999)).status).toBe(404);
    });
  });

  describe('SMTP account test', () => {
    it('sends a test mail to the superadvisor through the structure’s own account', async () => {
      const test = (who: string) =>
        t.call('/dialogwatt/smtp-account-test/', { method: 'POST', token: token[who], body: {} });
      const none = await test('super');
      expect(none.status).toBe(400);
      expect(none.body.message).toBe(
        "Enregistrez d'abord le compte d'envoi de courriels de votre structure, puis testez-le.",
      );
      expect((await test('advisor')).status).toBe(403);
      expect((await test('admin')).status).toBe(403);
      const smtp = await startSmtpCapture();
      try {
        const port = Number(new URL(smtp.url).port);
        const saved = await t.call('/sms/smtp-account/', {
          method: 'POST',
          token: token.super,
          body: {
            name: 'Serveur test',
            smtpType: 'smtp',
            emailHostUser: 'envoi@demo.fr',
            emailHost: '127.0.0.1',
            emailPort: port,
            fromUsername: 'Espace Conseil',
          },
        });
        expect(saved.status, JSON.stringify(saved.body)).toBe(201);
        const sent = await test('super');
        expect(sent.status, JSON.stringify(sent.body)).toBe(200);
        expect(sent.body).toEqual({
          status: 'sent',
          to: 'superconseiller@demo.fr',
          message: 'Le courriel de test a été envoyé à superconseiller@demo.fr.',
        });
        const mail = await smtp.waitFor('superconseiller@demo.fr');
        expect(mail.subject).toContain("Test d'envoi de SMTP - DialogWatt");
        expect(mail.raw).toContain('envoi@demo.fr');
        await smtp.close();
        const failed = await test('super');
        expect(failed.body.status).toBe('failed');
        expect(failed.body.message).toMatch(/^Le courriel de test n'a pas pu être envoyé : /);
      } finally {
        await smtp.close().catch(() => undefined);
      }
    });
  });
});
