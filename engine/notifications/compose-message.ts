import type { AppointmentTemplateContext } from '../templates/appointment-template-context';
import { htmlToPlainText } from '../templates/html-to-plain-text';
import { renderSubject, renderTemplate } from '../templates/render-template';
import type { NotificationChannel } from './notification-types';

export interface NotificationTexts {
  smsMessage?: string;
  mailSubject?: string;
  mailMessage?: string;
}

export type ComposedMessage =
  | { channel: 'sms'; messageSms: string }
  | { channel: 'mail'; subject: string; messageMailHtml: string; messageMailAscii: string };

/** The texts of an exchange: the notification's templates with the appointment's tokens replaced. */
export function composeMessage(
  notification: NotificationTexts,
  channel: NotificationChannel,
  ctx: AppointmentTemplateContext,
): ComposedMessage {
  if (channel === 'sms') return { channel, messageSms: renderTemplate(notification.smsMessage ?? '', ctx, 'text') };
  const html = renderTemplate(notification.mailMessage ?? '', ctx, 'html');
  return {
    channel,
    subject: renderSubject(notification.mailSubject ?? '', ctx),
    messageMailHtml: html,
    messageMailAscii: htmlToPlainText(html),
  };
}
