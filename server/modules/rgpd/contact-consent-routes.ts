import { Router } from 'express';
import type { RequestContext } from '../../context';
import { denied } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { findOne } from '../../operations/find-one';
import { find } from '../../operations/find';
import { create } from '../../operations/write';
import { CONSENT_FIELDS, parseConsent, type Consent } from '../accounts/consent';

const HISTORY = 50;

/** The five choices of a stored record, or the defaults (all yes, reference 2.11) when none is stored. */
function asConsent(record: Record<string, unknown> | undefined): Consent {
  return {
    pk: (record?.pk as number) ?? null,
    createdAt: (record?.createdAt as string) ?? null,
    ...Object.fromEntries(CONSENT_FIELDS.map((f) => [f, record ? Boolean(record[f]) : true])),
  } as Consent;
}

/**
 * The contact (through the generic read: module flag, `view` rights, 403/404) and its consent
 * history, newest first, through the generic list of `contact-consent` (its own `view` rights).
 * Reading writes nothing: with no record yet the defaults are shown, unlike the reference,
 * which stored a default record on opening (file area 8.7).
 */
async function contactConsent(ctx: RequestContext, rawPk: unknown) {
  const contact = await findOne(ctx, 'contact', rawPk);
  const { records } = await find(ctx, 'contact-consent', {
    filters: { contact: String(contact.pk) },
    sort: '-createdAt',
    perPage: HISTORY,
  });
  return { contact, history: records.map((r) => asConsent(r)) };
}

/**
 * Consent of a file-area contact (reference file area 2.11 and 8.7; screen /rgpd/:pk). Staff of
 * the contact's structure read it and record a change, which appends a record (the history is
 * never rewritten); the latest record is the consent in force. The contact itself is changed
 * through the generic contact endpoint. Unlike the reference, the rights are the contact's and
 * the consent's own (not the user-consent rule), and contacts are not filtered on an "active"
 * flag they do not have.
 */
export function contactConsentRouter(): Router {
  const router = Router();
  router.get(
    '/api/v1/fac/contact/:pk/consent/',
    asyncHandler(async (req, res) => {
      if (req.ctx.user.anonymous) throw denied(req.ctx);
      const { contact, history } = await contactConsent(req.ctx, req.params.pk);
      res.json({
        contact: {
          pk: contact.pk,
          fullName: [contact.firstName, contact.lastName].filter(Boolean).join(' '),
          email: contact.email ?? '',
        },
        consent: history[0] ?? asConsent(undefined),
        history,
      });
    }),
  );
  router.post(
    '/api/v1/fac/contact/:pk/consent/',
    asyncHandler(async (req, res) => {
      if (req.ctx.user.anonymous) throw denied(req.ctx);
      const { contact, history } = await contactConsent(req.ctx, req.params.pk);
      const current = history[0] ?? asConsent(undefined);
      // A missing choice keeps the one in force (the reference turned it to "no" silently).
      const choices = parseConsent(req.ctx, req.body, current);
      // The generic create checks the `create` right and takes the contact's structure (hook).
      const saved = await create(req.ctx, 'contact-consent', { contact: contact.pk, ...choices });
      res.status(201).json({ consent: asConsent(saved as Record<string, unknown>) });
    }),
  );
  return router;
}
