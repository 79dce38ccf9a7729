import { sendMail } from '../mail/send-mail';
import type { SmsProvider } from './sms-provider';
import { registerSmsProvider } from './sms-providers';

/**
 * The reference's debug account type `mail`: each SMS is delivered as an e-mail to
 * `<number>@<SMS_MAIL_DOMAIN>` (default `sms.localhost`) through the platform's mail pipeline, so a
 * test installation sees its SMS without a provider contract.
 */
registerSmsProvider('mail', (_account, app): SmsProvider => ({
  name: 'mail',
  async send(message) {
    const domain = process.env.SMS_MAIL_DOMAIN || 'sms.localhost';
    const result = await sendMail(app, {
      to: `${message.to.replace(/\D/g, '')}@${domain}`,
      subject: `SMS pour ${message.to}`,
      content: { siteName: 'SMS', paragraphs: [message.text], signature: message.sender, footer: '' },
      kind: 'other',
      whiteLabel: null,
    });
    if (result.status === 'failed') throw new Error("le courriel de l'SMS n'a pas pu être envoyé");
    return { delivered: result.status === 'sent', reference: `mail-outbox:${result.outboxPk}` };
  },
}));
