import type { AppContext } from '../context';
import type { AppointmentTemplateContext } from '../../engine/templates/appointment-template-context';
import { composeMessage } from '../../engine/notifications/compose-message';
import { sendGroupMail, type GroupMail, type GroupMailResult } from './send-group-mail';

export interface TemplatedMail extends Omit<GroupMail, 'subject' | 'html'> {
  /** Notification templates with §5.5 tokens (`mailSubject`, `mailMessage`). */
  subjectTemplate: string;
  htmlTemplate: string;
  context: AppointmentTemplateContext;
}

/** Replaces the tokens of a notification's mail templates, then sends it as `sendGroupMail` does. */
export async function sendTemplatedMail(app: AppContext, mail: TemplatedMail): Promise<GroupMailResult> {
  const { subjectTemplate, htmlTemplate, context, ...rest } = mail;
  const composed = composeMessage({ mailSubject: subjectTemplate, mailMessage: htmlTemplate }, 'mail', context);
  if (composed.channel !== 'mail') throw new Error('unreachable');
  return sendGroupMail(app, { ...rest, subject: composed.subject, html: composed.messageMailHtml });
}
