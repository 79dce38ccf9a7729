import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/tables';
import type { RequestContext } from '../../context';
import { message } from '../../context';
import { ValidationError } from '../../http/http-error';
import { create } from '../../operations/write';
import { entityOf, may } from '../../operations/entity-access';
import type { FieldError } from '../../../engine/validation/field-error';
import { CONSENT_FIELDS, type Consent } from '../../../engine/accounts/consent-fields';

export { CONSENT_FIELDS, type Consent };

/** Reference 2.3: all five permissions default to yes. */
function defaults(): Consent {
  return { pk: null, createdAt: null, ...Object.fromEntries(CONSENT_FIELDS.map((f) => [f, true])) } as Consent;
}

/**
 * The effective consent: the latest record. A user who never chose gets the defaults, not
 * stored (reading a profile writes nothing); the first save stores the first record.
 */
export async function latestConsent(db: Kysely<AppDatabase>, userPk: number): Promise<Consent> {
  const row = await db
    .selectFrom('account_rgpd_consent')
    .selectAll()
    .where('user', '=', userPk)
    .orderBy('created_at', 'desc')
    .orderBy('pk', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return defaults();
  const r = row as Record<string, unknown>;
  return {
    pk: row.pk as number,
    createdAt: (r.created_at as string) ?? null,
    allowToKeepData: Boolean(r.allow_to_keep_data),
    allowToUseEmailToSendReminder: Boolean(r.allow_to_use_email_to_send_reminder),
    allowToUsePhoneNumberToSendReminder: Boolean(r.allow_to_use_phone_number_to_send_reminder),
    allowToShareMyInformationWithMyAdvisor: Boolean(r.allow_to_share_my_information_with_my_advisor),
    allowToShareMyInformationWithPartners: Boolean(r.allow_to_share_my_information_with_partners),
  };
}

export function mayViewConsent(ctx: RequestContext, userPk: number): boolean {
  return may(ctx, entityOf(ctx, 'rgpd-consent'), 'view', { user: userPk });
}

export function mayRecordConsent(ctx: RequestContext, userPk: number): boolean {
  return may(ctx, entityOf(ctx, 'rgpd-consent'), 'create', { user: userPk });
}

/** Booleans only; a missing choice keeps the current one. */
export function parseConsent(ctx: RequestContext, input: unknown, current: Consent): Record<string, boolean> {
  const errors: FieldError[] = [];
  const out: Record<string, boolean> = {};
  const body = (input ?? {}) as Record<string, unknown>;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    errors.push({ path: 'rgpdConsent', code: 'object', params: {}, message: message(ctx.app, 'validation.object') });
  } else {
    for (const f of CONSENT_FIELDS) {
      const v = body[f];
      if (v === undefined) out[f] = current[f];
      else if (typeof v === 'boolean') out[f] = v;
      else
        errors.push({
          path: `rgpdConsent.${f}`,
          code: 'boolean',
          params: {},
          message: message(ctx.app, 'validation.boolean'),
        });
    }
  }
  if (errors.length) throw new ValidationError(errors, message(ctx.app, 'validation.summary'));
  return out;
}

/** Appends a consent record (the consent history is never rewritten). */
export async function recordConsent(
  ctx: RequestContext,
  userPk: number,
  choices: Record<string, boolean>,
): Promise<void> {
  await create(ctx, 'rgpd-consent', { user: userPk, ...choices });
}
