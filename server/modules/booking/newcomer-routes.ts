import { Router } from 'express';
import type { AppContext, RequestContext } from '../../context';
import { denied, message } from '../../context';
import type { ApiRecord } from '../../db/row-mapper';
import { HttpError } from '../../http/http-error';
import { asyncHandler } from '../../http/async-handler';
import { create, update } from '../../operations/write';
import { entityOf, may } from '../../operations/entity-access';
import { systemContext } from '../../seed/system-context';
import { createClient } from '../accounts/self-registration';
import { latestConsent } from '../accounts/consent';
import { profileOf } from '../accounts/profile';
import { inBookingTransaction } from './booking-lock';
import { asNumber, loadRecord } from './booking-records';
import { descriptionOf, FieldErrors, pkOf } from './booking-input';
import { callerOf } from './booking-caller';
import { afterCommitEvent, clientOf, presentAppointment, recheckHeldTime, updateAppointment } from './booking-service';
import { holdExpired, holdIsLive } from './booking-routes';
import { bookingLimiter } from './rate-limits';
import { BASE } from './booking-base';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const norm = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');

/**
 * The structure's file-area contact of this person: an existing one by the file area's duplicate
 * key (first name, last name and e-mail, as the contacts' import skips them — docs/file-area.md),
 * compared without case or surrounding spaces, not yet linked to another account; else a new one.
 * A near-duplicate (a typo in the name) is created and then proposed to the advisors by the
 * duplicate detection that runs after every contact save, as for any other new contact.
 */
async function linkOrCreateContact(
  tctx: RequestContext,
  group: number,
  person: { civility?: unknown; firstName: string; lastName: string; email: string; phone: string },
  userPk: number,
): Promise<number> {
  // The platform writes the file area (a visitor has no right on it), inside the booking's transaction.
  const system = systemContext(tctx.app);
  const candidates = await tctx.app.database.db
    .selectFrom('fac_contact')
    .select(['pk', 'first_name', 'last_name', 'email', 'client_account', 'phone'])
    .where('owning_group', '=', group)
    .where('email', 'is not', null)
    .orderBy('pk')
    .execute();
  const same = candidates.find(
    (c) =>
      norm(c.email) === norm(person.email) &&
      norm(c.first_name) === norm(person.firstName) &&
      norm(c.last_name) === norm(person.lastName) &&
      (c.client_account === null || c.client_account === userPk),
  );
  if (same) {
    const changes: Record<string, unknown> = { clientAccount: userPk };
    // A phone the file did not have is worth keeping; one it had is the advisor's to change.
    if (!same.phone && person.phone) changes.phone = person.phone;
    await update(system, 'contact', same.pk, changes);
    return same.pk;
  }
  const civility = person.civility === 'M.' || person.civility === 'Mme' ? person.civility : '-';
  const contact = await create(system, 'contact', {
    owningGroup: group,
    clientAccount: userPk,
    civility,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    phone: person.phone,
    // Marketing mail is asked for elsewhere (newsletters); the booking gives no such consent.
    acceptsNewsletters: false,
  });
  return contact.pk as number;
}

/** The person's fields the newcomer form sends; each missing one is a French field error. */
function personOf(ctx: RequestContext, body: Record<string, unknown>, requirePhone: boolean) {
  const user = body.user;
  const errors = new FieldErrors();
  if (user === null || typeof user !== 'object' || Array.isArray(user)) {
    errors.add('user', 'object', message(ctx.app, 'validation.object'));
    errors.throwIfAny();
  }
  const u = user as Record<string, unknown>;
  const text = (k: string) => (typeof u[k] === 'string' ? (u[k] as string).trim() : '');
  const required = ['firstName', 'lastName', 'email', ...(requirePhone ? ['phone'] : [])];
  for (const k of required)
    if (!text(k)) errors.add(k, 'required', message(ctx.app, 'accounts.newcomer.text_required'));
  const consent = body.rgpdConsent as Record<string, unknown> | undefined;
  if (!consent || typeof consent !== 'object' || consent.allowToKeepData !== true)
    errors.add('allowToKeepData', 'required', message(ctx.app, 'accounts.newcomer.keep_data_required'));
  errors.throwIfAny();
  return {
    civility: u.civility,
    firstName: text('firstName'),
    lastName: text('lastName'),
    email: text('email').toLowerCase(),
    phone: text('phone'),
    owningGroup: u.owningGroup,
  };
}

/**
 * `POST /dialogwatt/create-client-and-contact-with-rgpd/` (reference: platform-entities §dialogwatt):
 * a client account with its data-processing consent, and the structure's file-area contact of that
 * person (linked when the file already has it), in one transaction.
 *
 * - Staff (the reference's caller): the contact goes to `user.owningGroup` (one of the caller's
 *   structures) or to the caller's structure; `nomail` skips the « choose your password » mail.
 *   Answer `{user, contact, rgpdConsent}`.
 * - A visitor booking online (step 3 « Identification »), where the white label opens it
 *   (`bookingNewcomersIsActive`): with the live hold `{appointment: {pk, uuid}}` taken at step 1,
 *   the contact goes to the hold's structure and the hold is confirmed for the new account and
 *   contact — the advisor sees it on the contact's page, the visitor gets the confirmation mail
 *   and the account mail. An address that already has an account is refused (sign in instead):
 *   a visitor never books in someone else's account. Answer: the confirmed appointment only.
 */
export function newcomerRouter(app: AppContext): Router {
  const router = Router();
  const limit = bookingLimiter(app, 'book', (s) => s.bookingsPerIp);

  router.post(
    `${BASE}/create-client-and-contact-with-rgpd/`,
    limit,
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      const body = req.body;
      if (body === null || typeof body !== 'object' || Array.isArray(body))
        throw new HttpError(400, 'invalid_json', message(app, 'errors.invalid_json'));
      const b = body as Record<string, unknown>;
      const origin = { requestHost: req.get('host') };

      if (!ctx.user.anonymous) {
        const staff = ctx.user.roles.includes('staff');
        if (!staff || !may(ctx, entityOf(ctx, 'user'), 'create', { userType: 'client', group: null })) {
          if (ctx.user.userType === 'client')
            throw new HttpError(403, 'forbidden', message(app, 'accounts.newcomer.signed_in'));
          throw denied(ctx);
        }
        const person = personOf(ctx, b, false);
        const admin = ctx.user.roles.includes('administrator');
        const wanted =
          person.owningGroup === undefined || person.owningGroup === null ? null : pkOf(person.owningGroup);
        const group = wanted ?? ctx.user.group;
        if (group === null || (!admin && !ctx.user.scopeGroups.includes(group))) {
          const errors = new FieldErrors();
          errors.add('owningGroup', 'forbidden', message(app, 'accounts.newcomer.group_not_yours'));
          errors.throwIfAny();
        }
        const out = await inBookingTransaction(ctx, async (tctx) => {
          const user = await createClient(tctx, tctx, { ...b, user: userFields(b) }, !('nomail' in b), origin);
          const contact = await linkOrCreateContact(tctx, group!, person, user);
          return { user, contact };
        });
        const contact = await loadRecord(app, app.database.db, 'contact' as never, out.contact);
        res.status(201).json({
          user: await profileOf(app, out.user),
          contact,
          rgpdConsent: await latestConsent(app.database.db, out.user),
        });
        return;
      }

      if (ctx.whiteLabel.record?.bookingNewcomersIsActive !== true)
        throw new HttpError(403, 'newcomers_disabled', message(app, 'accounts.newcomer.disabled'));
      const hold = (b.appointment ?? null) as Record<string, unknown> | null;
      const holdPk = hold && typeof hold === 'object' ? pkOf(hold.pk) : null;
      const uuid = hold && typeof hold === 'object' && typeof hold.uuid === 'string' ? hold.uuid : '';
      if (holdPk === null || !UUID.test(uuid)) {
        const errors = new FieldErrors();
        errors.add('appointment', 'required', message(app, 'accounts.newcomer.hold_required'));
        errors.throwIfAny();
      }
      const person = personOf(ctx, b, true);
      // The free text of step 2, when the hold was taken before it was typed (no questionnaire).
      const errors = new FieldErrors();
      const description = descriptionOf(b, errors);
      errors.throwIfAny();
      const now = new Date();
      const shape = await inBookingTransaction(ctx, async (tctx, trx) => {
        const held = await loadRecord(app, trx, 'appointment', holdPk!);
        if (!held || held.uuid !== uuid.toLowerCase() || !holdIsLive(held, now) || clientOf(tctx, held) !== null)
          throw holdExpired();
        const group = asNumber(held.group);
        if (group === null) throw holdExpired();
        // The platform opens the account (the visitor may not create users), as self-registration does.
        const user = await createClient(tctx, systemContext(tctx.app), { ...b, user: userFields(b) }, true, origin);
        const contact = await linkOrCreateContact(tctx, group, person, user);
        await recheckHeldTime(tctx, trx, held, { caller: callerOf(tctx), now });
        const confirmed: ApiRecord = await updateAppointment(tctx, trx, holdPk!, {
          ...(description ? { description } : {}),
          status: 'validated',
          client: user,
          contact,
          sequence: (asNumber(held.sequence) ?? 0) + 1,
        });
        // The visitor acts: the `_client` trigger, as a signed-in client confirming a hold.
        await afterCommitEvent(tctx, holdPk!, 'created_client');
        return presentAppointment(tctx, trx, confirmed);
      });
      res.status(201).json({ appointment: shape });
    }),
  );
  return router;
}

/** The account's fields of the body's `user` (its `owningGroup` is the contact's, not the account's). */
function userFields(b: Record<string, unknown>): Record<string, unknown> {
  const u = { ...(b.user as Record<string, unknown>) };
  delete u.owningGroup;
  if (typeof u.email === 'string') u.email = u.email.trim();
  return u;
}
