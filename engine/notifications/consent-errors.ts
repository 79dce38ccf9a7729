import type { NotificationChannel, NotificationRecipient } from './notification-types';

/** The reference's French messages (§5.5 step 8), kept on the exchange instead of failing the save. */
export const CONSENT_ERRORS = {
  smsConsent: "L'utilisateur n'autorise pas que son numéro de téléphone soit utilisé (RGPD)",
  noMobile: "L'utilisateur n'a pas de numéro de téléphone mobile",
  noSmsAccount: "L'expéditeur n'a pas de compte d'envoi de sms actif",
  noEmail: "L'utilisateur n'a pas d'adresse de courriel",
} as const;

/** Step 8: why this message cannot be sent to this recipient, or undefined when it can. */
export function queueingError(
  channel: NotificationChannel,
  recipient: NotificationRecipient,
  groupHasActiveSmsAccount: boolean,
): string | undefined {
  if (channel === 'sms') {
    if (!recipient.allowsPhone) return CONSENT_ERRORS.smsConsent;
    if (!recipient.mobile) return CONSENT_ERRORS.noMobile;
    if (!groupHasActiveSmsAccount) return CONSENT_ERRORS.noSmsAccount;
    return undefined;
  }
  // Appointment mails are transactional (confirmation, change, cancellation, reminder): the
  // consent to use the address for reminders and information does not gate them (issue 26 item 2).
  if (!recipient.email) return CONSENT_ERRORS.noEmail;
  return undefined;
}
