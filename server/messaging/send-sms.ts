import type { AppContext } from '../context';
import { create } from '../operations/write';
import { systemContext } from '../seed/system-context';
import { OutboundError } from '../security/outbound-policy';
import { parsePhone } from '../../engine/format/phone';
import { parisWallClock, parisInstant, pad } from '../../engine/time/paris-time';
import { outboxSmsProvider, type SmsAccountSettings } from './sms-provider';
import { smsProviderFactory } from './sms-providers';

export interface OutgoingSms {
  /** The structure whose SMS account sends. */
  group: number;
  /** The recipient's mobile number, in any form a French user types it. */
  to: string;
  text: string;
}

export interface SmsResult {
  /** `outbox`: recorded only (no provider plugged in for the account's type). */
  status: 'sent' | 'failed' | 'outbox';
  /** French reason when not sent. */
  error: string | null;
  outboxPk: number;
}

export const SMS_ERRORS = {
  noAccount: "Il n'y a pas de compte d'envoi de SMS disponible.",
  limit: (n: number) => `Le nombre maximal de sms mensuel a été atteint (${n}).`,
  badNumber: "Le numéro de téléphone du destinataire n'est pas valide.",
  noProvider: "Aucun prestataire d'envoi de SMS n'est branché pour ce compte : le SMS est resté dans la boîte d'envoi.",
} as const;

/** The active SMS account of a structure, or null. */
export async function groupSmsAccount(app: AppContext, group: number): Promise<SmsAccountSettings | null> {
  const row = await app.database.db
    .selectFrom('messaging_sms_account')
    .selectAll()
    .where('group', '=', group)
    .where('is_active', '=', 1)
    .orderBy('pk')
    .executeTakeFirst();
  if (!row) return null;
  const type = row.account_type === 'twilio' || row.account_type === 'mail' ? row.account_type : 'ovh';
  return {
    pk: row.pk,
    group,
    accountType: type,
    monthlyLimit: row.monthly_limit ?? 1000,
    twilioAccount: row.twilio_account ?? '',
    twilioToken: row.twilio_token ?? '',
    phone: row.phone ?? '',
    ovhAccount: row.ovh_account ?? '',
    ovhLogin: row.ovh_login ?? '',
    ovhPassword: row.ovh_password ?? '',
    ovhSender: row.ovh_sender ?? '',
  };
}

/** SMS of the structure handed to a provider since the start of the current month (Paris). */
export async function smsSentThisMonth(app: AppContext, group: number, now = new Date()): Promise<number> {
  const w = parisWallClock(now);
  const monthStart = parisInstant(`${w.year}-${pad(w.month)}-01`, '00:00').toISOString();
  const row = await app.database.db
    .selectFrom('messaging_sms_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('group', '=', group)
    .where('status', '=', 'sent')
    .where('sent_at', '>=', monthStart)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Sends an SMS through the structure's account (reference 4.3) and records it in the SMS outbox
 * with its outcome. The monthly limit is a ceiling (the reference let one more through). Never
 * throws for a sending failure: the caller keeps `error` and may retry.
 */
export async function sendSms(app: AppContext, sms: OutgoingSms): Promise<SmsResult> {
  const account = await groupSmsAccount(app, sms.group);
  const number = parsePhone(sms.to);
  const to = number?.isValid() ? number.number : sms.to.trim();
  let status: SmsResult['status'] = 'failed';
  let error: string | null = null;
  let reference = '';
  let provider = 'outbox';
  let sender = '';
  if (!account) error = SMS_ERRORS.noAccount;
  else if (!number?.isValid()) error = SMS_ERRORS.badNumber;
  else if ((await smsSentThisMonth(app, sms.group)) >= account.monthlyLimit)
    error = SMS_ERRORS.limit(account.monthlyLimit);
  else {
    const factory = smsProviderFactory(account.accountType);
    const chosen = factory ? factory(account, app) : outboxSmsProvider;
    provider = factory ? account.accountType : 'outbox';
    // Numbers are stored in national form (« 07 00 00 00 00 »); Twilio wants the E.164 one.
    sender =
      account.accountType === 'twilio' ? (parsePhone(account.phone)?.number ?? account.phone) : account.ovhSender;
    try {
      const delivery = await chosen.send({ to, text: sms.text, sender });
      status = delivery.delivered ? 'sent' : 'outbox';
      error = delivery.delivered ? null : SMS_ERRORS.noProvider;
      reference = delivery.reference ?? '';
    } catch (e) {
      // A provider connecting to a host an account names goes through the outbound policy: its refusal says no more.
      const reason = e instanceof OutboundError ? e.userMessage : (e as Error).message;
      error = `Échec de l'envoi du SMS (${provider}) : ${reason}`;
      app.logger.warn({ err: e, group: sms.group }, 'sms not sent');
    }
  }
  const row = await create(systemContext(app), 'sms-outbox', {
    group: sms.group,
    toPhone: to.slice(0, 32),
    sender: sender.slice(0, 100),
    message: sms.text.slice(0, 2000),
    provider,
    status,
    providerReference: reference.slice(0, 200),
    sentAt: status === 'sent' ? new Date().toISOString() : null,
    error: error ?? '',
  });
  return { status, error, outboxPk: row.pk as number };
}
