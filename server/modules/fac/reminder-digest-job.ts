import type { AppContext } from '../../context';
import { message } from '../../context';
import { registerJobHandler } from '../../jobs/job-handlers';
import { declareSchedule } from '../../jobs/job-schedules';
import { sendMail } from '../../mail/send-mail';
import { preferredSite, siteOrigin } from '../accounts/account-mails';
import { digestMail, remindersOf, type DueReminder } from '../../../engine/file-area/reminder-digest';
import { parisDate } from '../../../engine/time/paris-time';

export const REMINDER_DIGEST_JOB = 'fac.reminder-digest';

const personsOf = (v: unknown): number[] => {
  const list = typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
  return Array.isArray(list) ? list.filter((p): p is number => typeof p === 'number') : [];
};

/** The reminders not done dated today (Paris) or before, with their contact's or organisation's name. */
async function dueReminders(app: AppContext, today: string): Promise<DueReminder[]> {
  const rows = await app.database.db
    .selectFrom('fac_reminder as r')
    .leftJoin('fac_note as n', 'n.pk', 'r.note')
    .leftJoin('fac_contact as c', 'c.pk', 'r.contact')
    .leftJoin('fac_organization as o', 'o.pk', 'r.organization')
    .select([
      'r.date',
      'r.persons',
      'r.owning_group',
      'r.contact',
      'r.organization',
      'n.note',
      'c.first_name',
      'c.last_name',
      'o.name',
    ])
    .where('r.done', '=', 0)
    .where('r.date', 'is not', null)
    .where('r.date', '<=', today)
    .execute();
  return rows.flatMap((r) => {
    const linked =
      r.contact !== null
        ? { kind: 'contact' as const, pk: r.contact, name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() }
        : r.organization !== null
          ? { kind: 'organization' as const, pk: r.organization, name: r.name ?? '' }
          : null;
    if (!linked) return [];
    return [
      {
        date: String(r.date).slice(0, 10),
        persons: personsOf(r.persons),
        owningGroup: r.owning_group,
        linked,
        note: r.note ?? '',
      },
    ];
  });
}

/**
 * Reference §8.5 and §6: once a day, each active advisor with due reminders gets one French mail
 * listing them. Returns how many mails were sent (or recorded in the outbox).
 */
export async function sendReminderDigests(app: AppContext, now = new Date()): Promise<number> {
  const due = await dueReminders(app, parisDate(now.getTime()));
  if (due.length === 0) return 0;
  const advisors = await app.database.db
    .selectFrom('account_user')
    .select(['pk', 'group', 'email'])
    .where('user_type', 'in', ['advisor', 'superadvisor'])
    .where('is_active', '=', 1)
    .orderBy('group')
    .orderBy('pk')
    .execute();
  let sent = 0;
  for (const a of advisors) {
    if (!a.email) continue;
    const site = await preferredSite(app, a.pk, null);
    const mail = digestMail(remindersOf(a, due), siteOrigin(app, site.domain, { requestHost: undefined }));
    if (!mail) continue;
    await sendMail(app, {
      to: a.email,
      subject: mail.subject,
      kind: 'other',
      whiteLabel: site.whiteLabel,
      content: {
        siteName: site.siteName,
        paragraphs: mail.paragraphs,
        action: mail.action,
        signature: message(app, 'accounts.mail.signature', { siteName: site.siteName }),
        footer: message(app, 'accounts.mail.automatic'),
      },
    });
    sent += 1;
  }
  return sent;
}

registerJobHandler(REMINDER_DIGEST_JOB, async (app) => {
  await sendReminderDigests(app);
});

// One job a day (the period's start is its key: two processes never both send it).
declareSchedule({ name: REMINDER_DIGEST_JOB, kind: REMINDER_DIGEST_JOB, everyMs: 86_400_000 });
