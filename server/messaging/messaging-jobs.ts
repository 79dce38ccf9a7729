import type { AppContext } from '../context';
import { registerJobHandler } from '../jobs/job-handlers';
import { sendGroupMail, type GroupMail } from '../mail/send-group-mail';
import { sendSms, type OutgoingSms } from './send-sms';
import './mail-sms-provider';

/** Payload of `messaging.send-mail`: attachments travel as base64 in the job's JSON. */
export interface SendMailJob extends Omit<GroupMail, 'attachments'> {
  attachments?: { filename: string; contentBase64: string; contentType: string }[];
}

// A failed attempt (the server or provider refused) throws so that the runner keeps the error and
// retries later; a mail or SMS kept in the outbox (no account, no provider) is final.
registerJobHandler<SendMailJob>('messaging.send-mail', async (app: AppContext, payload) => {
  const result = await sendGroupMail(app, {
    ...payload,
    attachments: (payload.attachments ?? []).map((a) => ({
      filename: a.filename,
      content: Buffer.from(a.contentBase64, 'base64'),
      contentType: a.contentType,
    })),
  });
  if (result.status === 'failed') throw new Error(result.error ?? 'échec de l’envoi');
});

registerJobHandler<OutgoingSms>('messaging.send-sms', async (app: AppContext, payload) => {
  const result = await sendSms(app, payload);
  if (result.status === 'failed') throw new Error(result.error ?? 'échec de l’envoi');
});
