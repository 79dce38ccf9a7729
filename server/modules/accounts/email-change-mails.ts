import type { AppContext } from '../../context';
import { message } from '../../context';
import { sendMail } from '../../mail/send-mail';
import { accountSettings } from './settings';
import { preferredSite, siteOrigin, type LinkOrigin } from './account-mails';
import { emailInLink, makeEmailToken, type EmailChange } from './email-change-token';
import { uidb64 } from './reset-token';

async function named(app: AppContext, pk: number): Promise<string> {
  const u = await app.database.db
    .selectFrom('account_user')
    .select(['first_name', 'last_name', 'email'])
    .where('pk', '=', pk)
    .executeTakeFirst();
  return [u?.first_name, u?.last_name].filter(Boolean).join(' ') || (u?.email ?? '');
}

/** The confirmation screen's address for this change (the token is made now). */
export function emailChangeLink(app: AppContext, base: string, change: EmailChange): string {
  const token = makeEmailToken(app, change);
  return `${base}/mon-compte/confirmation-courriel/${uidb64(change.pk)}/${emailInLink(change.next)}/${token}`;
}

/**
 * A new sign-in e-mail asked by the account's owner: the link goes to the new address (whoever
 * follows it proves they receive mail there), and the current address is told, so that a change
 * asked from a stolen session does not go unnoticed.
 */
export async function sendEmailChangeMails(
  app: AppContext,
  args: { change: EmailChange; requestWhiteLabel: number | null; origin: LinkOrigin },
): Promise<void> {
  const { change } = args;
  const site = await preferredSite(app, change.pk, args.requestWhiteLabel);
  const p = {
    name: await named(app, change.pk),
    email: change.current,
    next: change.next,
    siteName: site.siteName,
    hours: accountSettings(app).resetTokenHours,
  };
  const common = {
    siteName: site.siteName,
    signature: message(app, 'accounts.mail.signature', p),
    footer: message(app, 'accounts.mail.automatic'),
  };
  await sendMail(app, {
    to: change.next,
    kind: 'email_change_confirm',
    whiteLabel: site.whiteLabel,
    subject: message(app, 'accounts.mail.email_confirm.subject', p),
    content: {
      ...common,
      paragraphs: [message(app, 'accounts.mail.reset.intro', p), message(app, 'accounts.mail.email_confirm.body', p)],
      action: {
        label: message(app, 'accounts.mail.email_confirm.button'),
        url: emailChangeLink(app, siteOrigin(app, site.domain, args.origin), change),
      },
      after: [message(app, 'accounts.mail.email_confirm.validity', p)],
    },
  });
  await sendMail(app, {
    to: change.current,
    kind: 'email_change_notice',
    whiteLabel: site.whiteLabel,
    subject: message(app, 'accounts.mail.email_notice.subject', p),
    content: {
      ...common,
      paragraphs: [
        message(app, 'accounts.mail.reset.intro', p),
        message(app, 'accounts.mail.email_notice.body', p),
        message(app, 'accounts.mail.email_notice.not_you', p),
      ],
    },
  });
}

/** An administrator changed the sign-in e-mail: the former address is told where the account went. */
export async function sendEmailChangedNotice(
  app: AppContext,
  args: { pk: number; former: string; next: string; requestWhiteLabel: number | null },
): Promise<void> {
  const site = await preferredSite(app, args.pk, args.requestWhiteLabel);
  const p = { name: await named(app, args.pk), email: args.former, next: args.next, siteName: site.siteName };
  await sendMail(app, {
    to: args.former,
    kind: 'email_changed_notice',
    whiteLabel: site.whiteLabel,
    subject: message(app, 'accounts.mail.email_changed.subject', p),
    content: {
      siteName: site.siteName,
      paragraphs: [
        message(app, 'accounts.mail.reset.intro', p),
        message(app, 'accounts.mail.email_changed.body', p),
        message(app, 'accounts.mail.email_notice.not_you', p),
      ],
      signature: message(app, 'accounts.mail.signature', p),
      footer: message(app, 'accounts.mail.automatic'),
    },
  });
}
