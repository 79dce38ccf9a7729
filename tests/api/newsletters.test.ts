import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { appOn } from '../helpers/app-suite';
import { startSmtpCapture } from '../helpers/smtp-capture';
import type { TestApp } from '../helpers/test-app';
import { createJobRunner } from '../../server/jobs/job-runner';
import { INTERRUPTED, onMailAccepted, sendNewsletterBatch } from '../../server/modules/newsletters/newsletter-sending';
import { BOOKING_GROUP as GROUP } from '../helpers/booking-fixture';

// Newsletters end to end (docs/newsletters.md): an issue written in blocks, sent to a file-area list
// through the structure's SMTP account to those who accept newsletters only, with inlined styles, a
// text part and an unsubscribe link honoured at the next sending; a sending interrupted by a crash
// mails no one twice; the public pages show published issues only.

const DAY = 86_400_000;
const UNSUBSCRIBE = /\/newsletters-public\/desinscription\/([A-Za-z0-9_-]+)/;

describe.each(DIALECTS)('newsletters on %s', (dialect) => {
  let t!: TestApp;
  appOn(dialect, (a) => (t = a));
  let smtp!: Awaited<ReturnType<typeof startSmtpCapture>>;
  let token: string;
  let gon: number;
  let issue: number;
  let groupSlug: string;
  const db = () => t.app.database.db;
  /** Runs due jobs until none is left (a batch adds the next one). */
  async function runJobs(now?: () => Date) {
    const runner = createJobRunner(t.app, { id: `test-${Math.random()}`, schedules: [], ...(now ? { now } : {}) });
    for (let i = 0; i < 20 && (await runner.runOnce()) > 0; i += 1);
  }
  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));

  async function contact(name: string, acceptsNewsletters: boolean) {
    const res = await t.call('/fac/contact/', {
      method: 'POST',
      token,
      body: {
        owningGroup: GROUP,
        firstName: 'Camille',
        lastName: name,
        email: `${name.toLowerCase()}.${dialect}@exemple.fr`,
        acceptsNewsletters,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { pk: res.body.pk as number, email: res.body.email as string };
  }
  async function list(title: string, contacts: number[]) {
    const res = await t.call('/fac/list/', { method: 'POST', token, body: { title, contacts } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.pk as number;
  }
  const send = (list: number, pk = issue) =>
    t.call(`/infolettres/newsletter/${pk}/send/`, { method: 'POST', token, body: { list } });

  beforeAll(async () => {
    token = await t.login('superconseiller@demo.fr');
    smtp = await startSmtpCapture();
    const now = new Date().toISOString();
    await db()
      .insertInto('messaging_smtp_account')
      .values({
        name: 'Envoi des newsletters',
        is_active: 1,
        group: GROUP,
        from_username: 'Espace conseil',
        smtp_type: 'smtp',
        email_host_user: 'lettre@espace-conseil.fr',
        email_host: '127.0.0.1',
        email_port: Number(new URL(smtp.url).port),
        email_host_password: '',
        email_use_tls: 0,
        email_use_ssl: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    groupSlug = (
      await db().selectFrom('account_group').select(['slug']).where('pk', '=', GROUP).executeTakeFirstOrThrow()
    ).slug as string;
    const g = await t.call('/infolettres/group-of-newsletters/', {
      method: 'POST',
      token,
      body: { title: 'La lettre de l’espace conseil', group: GROUP, slug: 'la-lettre', primaryColor: '#1f5c99' },
    });
    expect(g.status, JSON.stringify(g.body)).toBe(201);
    gon = g.body.pk;
    const n = await t.call('/infolettres/newsletter/', {
      method: 'POST',
      token,
      body: {
        title: 'Lettre n°1 : isoler avant l’hiver',
        newsletterGroup: gon,
        slug: 'lettre-1',
        isActive: true,
        isPublic: true,
        publicationStartDate: new Date(Date.now() - DAY).toISOString(),
        blocks: [
          { type: 'title', text: 'Les aides 2031' },
          { type: 'text', html: '<p>Bonjour, <strong>voici</strong> nos conseils.</p><script>alert(1)</script>' },
          { type: 'button', label: 'Prendre rendez-vous', url: 'https://exemple.fr/rdv' },
          { type: 'separator' },
        ],
      },
    });
    expect(n.status, JSON.stringify(n.body)).toBe(201);
    issue = n.body.pk;
    expect(n.body.group).toBe(GROUP);
    expect(JSON.stringify(n.body.blocks)).not.toContain('script');
  });
  afterEach(() => onMailAccepted(null));
  afterAll(async () => {
    await smtp?.close();
  });

  it('refuses a second issue with the same slug in the group, an end before the start, a bad block', async () => {
    const base = { title: 'Autre', newsletterGroup: gon, publicationStartDate: new Date().toISOString() };
    const taken = await t.call('/infolettres/newsletter/', {
      method: 'POST',
      token,
      body: { ...base, slug: 'lettre-1' },
    });
    expect(taken.status).toBe(400);
    expect(JSON.stringify(taken.body)).toContain('déjà pris dans ce groupe');
    const ends = await t.call('/infolettres/newsletter/', {
      method: 'POST',
      token,
      body: { ...base, slug: 'autre', publicationEndDate: new Date(Date.now() - DAY).toISOString() },
    });
    expect(ends.status).toBe(400);
    expect(JSON.stringify(ends.body)).toContain('La fin de publication doit être postérieure à son début.');
    const bad = await t.call('/infolettres/newsletter/', {
      method: 'POST',
      token,
      body: { ...base, slug: 'autre', blocks: [{ type: 'video', url: 'x' }] },
    });
    expect(bad.status).toBe(400);
    const count = await db()
      .selectFrom('newsletters_newsletter')
      .select('pk')
      .where('newsletter_group', '=', gon)
      .execute();
    expect(count).toHaveLength(1);
  });

  it('sends to consenting contacts only, inlined, unsubscribable; the next sending honours it', async () => {
    const anne = await contact('Anne', true);
    const bruno = await contact('Bruno', true);
    const chloe = await contact('Chloé', false);
    const three = await list('Lecteurs', [anne.pk, bruno.pk, chloe.pk]);
    const before = smtp.mails.length;
    const res = await send(three);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ recipientCount: 2, skippedCount: 1 });
    await runJobs();
    const got = smtp.mails.slice(before);
    expect(got.map((m) => m.to[0]).sort()).toEqual([anne.email, bruno.email].sort());
    expect(mailsTo(chloe.email)).toHaveLength(0);
    const mail = mailsTo(anne.email)[0]!;
    expect(mail.subject).toBe('Lettre n°1 : isoler avant l’hiver');
    // Styles inlined by juice: the charter's colour sits on the elements themselves.
    expect(mail.html).toMatch(/<h2 class="nl-title" style="[^"]*color: #1f5c99/);
    expect(mail.html).toMatch(
      /<a class="nl-button" href="https:\/\/exemple.fr\/rdv" style="[^"]*background-color: #1f5c99/,
    );
    expect(mail.html).not.toContain('<script');
    expect(mail.text).toContain('Bonjour, voici nos conseils.');
    expect(mail.text).toContain('Prendre rendez-vous');
    expect(mail.raw).toMatch(/List-Unsubscribe:\s+<http/i);
    const sending = await t.call(`/infolettres/sending/?newsletter=${issue}`, { token });
    expect(sending.body[0]).toMatchObject({ status: 'done', recipientCount: 2, sentCount: 2, failedCount: 0 });
    const deliveries = await t.call(`/infolettres/delivery/?sending=${sending.body[0].pk}`, { token });
    expect(deliveries.body.map((d: { status: string }) => d.status)).toEqual(['sent', 'sent']);
    expect(JSON.stringify(deliveries.body)).not.toContain('unsubscribeToken');

    // Anne unsubscribes through her link, without signing in.
    const secret = UNSUBSCRIBE.exec(mail.html)![1]!;
    expect(UNSUBSCRIBE.exec(mail.text)![1]).toBe(secret);
    const info = await t.call(`/infolettres/public/unsubscribe/${secret}/`);
    expect(info.body).toMatchObject({ email: anne.email, unsubscribed: false });
    expect((await t.call(`/infolettres/public/unsubscribe/${secret}/`, { method: 'POST' })).status).toBe(200);
    expect((await t.call(`/infolettres/public/unsubscribe/${secret}/`)).body.unsubscribed).toBe(true);
    expect((await t.call(`/infolettres/public/unsubscribe/${'x'.repeat(32)}/`, { method: 'POST' })).status).toBe(404);
    const stored = await t.call(`/fac/contact/${anne.pk}/`, { token });
    expect(stored.body.acceptsNewsletters).toBe(false);

    const again = smtp.mails.length;
    const second = await send(three);
    expect(second.body).toMatchObject({ recipientCount: 1, skippedCount: 2 });
    await runJobs();
    expect(smtp.mails.slice(again).map((m) => m.to[0])).toEqual([bruno.email]);
  });

  it('mails no one twice when the server dies during a sending, in batches', async () => {
    const people = [await contact('Denis', true), await contact('Emma', true), await contact('Farid', true)];
    const before = smtp.mails.length;
    const res = await send(
      await list(
        'Redémarrage',
        people.map((p) => p.pk),
      ),
    );
    expect(res.body.recipientCount).toBe(3);
    // A first batch of one: one mail, and the next batch is a job of its own.
    await sendNewsletterBatch(t.app, { sending: res.body.pk }, { pk: -1 }, 1);
    expect(smtp.mails.length - before).toBe(1);
    // The process dies right after the SMTP server accepted the second mail, before its row says so.
    let killed = false;
    onMailAccepted(() => {
      if (killed) return;
      killed = true;
      throw new Error('process killed');
    });
    await runJobs();
    expect(killed).toBe(true);
    // Restarted: another runner, after the dead one's lease and retry delay.
    await runJobs(() => new Date(Date.now() + DAY));
    const got = smtp.mails.slice(before).map((m) => m.to[0]);
    for (const p of people) expect(got.filter((to) => to === p.email)).toHaveLength(1);
    const rows = await db()
      .selectFrom('newsletters_delivery')
      .select(['status', 'error'])
      .where('sending', '=', res.body.pk)
      .orderBy('pk')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['sent', 'failed', 'sent']);
    expect(rows[1]!.error).toBe(INTERRUPTED);
    // Finished with one failure: not « Terminé » as if every mail went.
    const finished = await t.call(`/infolettres/sending/${res.body.pk}/`, { token });
    expect(finished.body).toMatchObject({ status: 'partial', sentCount: 2, failedCount: 1 });
  });

  it('starts a new issue unpublished and private, its URL name made from its title', async () => {
    const draft = await t.call('/infolettres/newsletter/', {
      method: 'POST',
      token,
      body: { title: 'Lettre de décembre', newsletterGroup: gon, publicationStartDate: new Date().toISOString() },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(draft.body).toMatchObject({ isActive: false, isPublic: false, slug: 'lettre-de-decembre' });
    const again = await t.call('/infolettres/newsletter/', {
      method: 'POST',
      token,
      body: { title: 'Lettre de décembre', newsletterGroup: gon, publicationStartDate: new Date().toISOString() },
    });
    expect(again.body.slug).toBe('lettre-de-decembre-2');
    expect(
      (await t.call(`/infolettres/public/${groupSlug}/la-lettre/lettre-de-decembre/${draft.body.pk}/`)).status,
    ).toBe(404);
    for (const pk of [draft.body.pk, again.body.pk])
      expect((await t.call(`/infolettres/newsletter/${pk}/`, { method: 'DELETE', token })).status).toBe(200);
  });

  it('shows published issues only on the public pages, and refuses the neighbour and the anonymous', async () => {
    const future = await t.call('/infolettres/newsletter/', {
      method: 'POST',
      token,
      body: {
        title: 'Lettre future',
        newsletterGroup: gon,
        slug: 'future',
        isActive: true,
        isPublic: true,
        publicationStartDate: new Date(Date.now() + DAY).toISOString(),
      },
    });
    const ended = await t.call('/infolettres/newsletter/', {
      method: 'POST',
      token,
      body: {
        title: 'Lettre passée',
        newsletterGroup: gon,
        slug: 'passee',
        isActive: true,
        isPublic: true,
        publicationStartDate: new Date(Date.now() - 3 * DAY).toISOString(),
        publicationEndDate: new Date(Date.now() - DAY).toISOString(),
      },
    });
    expect([future.status, ended.status]).toEqual([201, 201]);
    const home = await t.call(`/infolettres/public/${groupSlug}/`);
    expect(home.status).toBe(200);
    expect(home.body.groups).toHaveLength(1);
    expect(home.body.groups[0].newsletters.map((n: { title: string }) => n.title)).toEqual([
      'Lettre n°1 : isoler avant l’hiver',
    ]);
    const page = await t.call(`/infolettres/public/${groupSlug}/la-lettre/lettre-1/${issue}/`);
    expect(page.status).toBe(200);
    expect(page.body.html).toContain('<h2 class="nl-title">Les aides 2031</h2>');
    expect(page.body.css).toContain('#1f5c99');
    expect((await t.call(`/infolettres/public/${groupSlug}/la-lettre/future/${future.body.pk}/`)).status).toBe(404);
    expect((await t.call(`/infolettres/public/${groupSlug}/la-lettre/passee/${ended.body.pk}/`)).status).toBe(404);
    expect((await t.call(`/infolettres/public/${groupSlug}/autre/lettre-1/${issue}/`)).status).toBe(404);
    const neighbour = await t.login('conseiller.voisin@demo.fr');
    expect([403, 404]).toContain((await t.call(`/infolettres/newsletter/${issue}/`, { token: neighbour })).status);
    expect([403, 404]).toContain(
      (await t.call(`/infolettres/newsletter/${issue}/send/`, { method: 'POST', token: neighbour, body: { list: 1 } }))
        .status,
    );
    expect((await t.call(`/infolettres/newsletter/${issue}/send/`, { method: 'POST', body: { list: 1 } })).status).toBe(
      404,
    );
    const noList = await send(Number.NaN);
    expect(noList.status).toBe(400);
    expect(noList.body.errors[0].message).toBe('Choisissez la liste de destinataires.');
  });
});
