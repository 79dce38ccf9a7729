import type { AppContext } from '../../context';
import { message } from '../../context';
import { sendMail, type MailResult } from '../../mail/send-mail';
import { accountSettings } from './settings';
import { makeToken, uidb64, type TokenPurpose } from './reset-token';

/** Where the links of a request point: its Host header's port is kept for local domains. */
export interface LinkOrigin {
  requestHost: string | undefined;
}

interface PreferredSite {
  whiteLabel: number | null;
  domain: string;
  siteName: string;
}

const isLocal = (domain: string) => domain === 'localhost' || domain.endsWith('.localhost') || domain === '127.0.0.1';

/**
 * Reference 2.7: the user's preferred white label (the structure's, else the one the user
 * registered on), else the white label of the request, else the default one.
 */
export async function preferredSite(
  app: AppContext,
  userPk: number,
  requestWhiteLabel: number | null,
): Promise<PreferredSite> {
  const db = app.database.db;
  const user = await db
    .selectFrom('account_user')
    .select(['group', 'white_labelling'])
    .where('pk', '=', userPk)
    .executeTakeFirst();
  const group = user?.group
    ? await db.selectFrom('account_group').select(['white_labelling']).where('pk', '=', user.group).executeTakeFirst()
    : undefined;
  for (const id of [group?.white_labelling, user?.white_labelling, requestWhiteLabel]) {
    if (!id) continue;
    const wl = await db
      .selectFrom('white_label')
      .select(['pk', 'domain', 'site_title', 'is_active'])
      .where('pk', '=', id)
      .executeTakeFirst();
    if (wl?.domain && wl.is_active !== 0)
      return { whiteLabel: wl.pk, domain: wl.domain, siteName: wl.site_title || wl.domain };
  }
  const fallback = await db
    .selectFrom('white_label')
    .select(['pk', 'domain', 'site_title'])
    .orderBy('is_default', 'desc')
    .orderBy('pk')
    .limit(1)
    .executeTakeFirst();
  return fallback?.domain
    ? { whiteLabel: fallback.pk, domain: fallback.domain, siteName: fallback.site_title || fallback.domain }
    : { whiteLabel: null, domain: 'localhost', siteName: 'Rénovation' };
}

export function siteOrigin(app: AppContext, domain: string, origin: LinkOrigin): string {
  const local = isLocal(domain);
  const protocol = accountSettings(app).linkProtocol ?? (local ? 'http' : 'https');
  const port = local ? /:(\d{1,5})$/.exec(origin.requestHost ?? '')?.[1] : undefined;
  return `${protocol}://${domain}${port ? `:${port}` : ''}`;
}

/** The reset-change screen's address for this user (the token is made now). */
export function passwordLink(
  app: AppContext,
  base: string,
  user: Parameters<typeof makeToken>[1],
  purpose: TokenPurpose,
): string {
  const uid = uidb64(user.pk);
  return `${base}/mon-compte/reinitialisation-mot-de-passe-changement/${uid}/${makeToken(app, user, purpose)}`;
}

/** The password-reset mail, or the account-initialisation mail (same link, longer life). */
export async function sendPasswordMail(
  app: AppContext,
  args: { userPk: number; purpose: TokenPurpose; requestWhiteLabel: number | null; origin: LinkOrigin },
): Promise<MailResult | null> {
  const db = app.database.db;
  const user = await db
    .selectFrom('account_user')
    .select(['pk', 'email', 'password_hash', 'last_login', 'first_name', 'last_name'])
    .where('pk', '=', args.userPk)
    .executeTakeFirst();
  if (!user?.email) return null;
  const site = await preferredSite(app, user.pk, args.requestWhiteLabel);
  const url = passwordLink(app, siteOrigin(app, site.domain, args.origin), user, args.purpose);
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;
  const p = {
    name,
    email: user.email,
    siteName: site.siteName,
    hours: accountSettings(app).resetTokenHours,
    days: accountSettings(app).initialisationTokenDays,
  };
  const reset = args.purpose === 'reset';
  return sendMail(app, {
    to: user.email,
    kind: reset ? 'password_reset' : 'account_initialisation',
    whiteLabel: site.whiteLabel,
    subject: message(app, reset ? 'accounts.mail.reset.subject' : 'accounts.mail.init.subject', p),
    content: {
      siteName: site.siteName,
      paragraphs: [
        message(app, 'accounts.mail.reset.intro', p),
        message(app, reset ? 'accounts.mail.reset.body' : 'accounts.mail.init.body', p),
      ],
      action: { label: message(app, 'accounts.mail.button'), url },
      after: [message(app, reset ? 'accounts.mail.reset.validity' : 'accounts.mail.init.validity', p)],
      signature: message(app, 'accounts.mail.signature', p),
      footer: message(app, 'accounts.mail.automatic'),
    },
  });
}
