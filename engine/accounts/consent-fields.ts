/**
 * The five permissions of a data-processing consent (reference 2.3, entity rgpd-consent), in the
 * order the screens list them; shared by the server that records them and the screens that ask.
 */
export const CONSENT_FIELDS = [
  'allowToKeepData',
  'allowToUseEmailToSendReminder',
  'allowToUsePhoneNumberToSendReminder',
  'allowToShareMyInformationWithMyAdvisor',
  'allowToShareMyInformationWithPartners',
] as const;

export type ConsentField = (typeof CONSENT_FIELDS)[number];

/** One recorded consent as the API answers it. */
export type Consent = { pk: number | null; createdAt: string | null } & Record<ConsentField, boolean>;
