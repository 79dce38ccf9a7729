/** One SMS to hand to a provider. */
export interface SmsMessage {
  /** E.164 number, e.g. +33612345678. */
  to: string;
  text: string;
  /** Sender name or number of the account (OVH sender, Twilio phone). */
  sender: string;
}

export interface SmsDelivery {
  /** false: nothing left the platform (the outbox provider). */
  delivered: boolean;
  /** The provider's id of the message, when it gives one. */
  reference?: string;
}

/**
 * What a real SMS provider implements (OVH, Twilio…). `send` throws with a readable message when
 * the provider refuses; the platform records the outcome in the SMS outbox either way.
 */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<SmsDelivery>;
}

/** The fields of an `sms-account` record a provider reads. */
export interface SmsAccountSettings {
  pk: number;
  group: number;
  accountType: 'ovh' | 'twilio' | 'mail';
  monthlyLimit: number;
  twilioAccount: string;
  twilioToken: string;
  phone: string;
  ovhAccount: string;
  ovhLogin: string;
  ovhPassword: string;
  ovhSender: string;
}

/** The outbox: keeps the SMS readable in the platform and sends nothing (no provider plugged in). */
export const outboxSmsProvider: SmsProvider = {
  name: 'outbox',
  send: async () => ({ delivered: false }),
};
