import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { profileAtom, whiteLabelAtom } from '../../state/session';
import { usePageTitle } from '../../shell/page-title';
import { notify } from '../../shell/notifications';
import {
  bookingApi,
  icsUrl,
  releaseOnLeave,
  type BookableOffer,
  type BookedAppointment,
  type PublicPlace,
  type PublicReason,
} from './booking-api';
import { formatAppointmentDate, formatDuration } from './booking-dates';
import { parisDate } from '../../../engine/time/paris-time';
import { HOLD_MINUTES } from '../../../engine/booking/hold';
import { ReasonChoice } from './ReasonChoice';
import { allowedStep, holdExpired, STEPS, stepIndex, type StepId } from './booking-steps';
import { ApiErrorNotice, AppointmentSummary, Busy, placeAddress } from './BookingParts';
import { BookingStepper } from './BookingStepper';
import { HoldCountdown, useNow } from './HoldCountdown';
import { Identification } from './Identification';
import { hasQuestions, missingAnswers, ReasonQuestionnaire } from './ReasonQuestionnaire';
import { WeekCalendar } from './WeekCalendar';
import { useCall } from './use-call';
import './booking.css';

const EXPIRED = 'La réservation temporaire du rendez-vous est expirée.';

/** Errors of the server on questionnaire answers (paths `/formAnswers/<question>` or `formAnswers.<question>`). */
function answerErrorsOf(e: ApiError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const fe of e.errors ?? []) {
    const m = /^\/?formAnswers[./]([^./]+)/.exec(fe.path ?? '');
    if (m) out[m[1]] ??= fe.message;
  }
  return out;
}
const REQUIRED = 'Ce champ est obligatoire.';

/**
 * Booking at a place, in four steps: selection (reason, place, a time in the week calendar,
 * optional advisor — choosing a time holds it a short while), questionnaire (the reason's form and a
 * free description), identification (sign in or create an account: the hold is then the client's
 * and lasts longer), récapitulatif (confirms the hold as the signed-in client, then shows the
 * appointment and its links). A hold the visitor no longer wants is given back at once: another time
 * chosen, another reason, place or advisor, or the page left (engine/booking/hold.ts, issue 25).
 */
export default function BookingScreen() {
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const insee = search.get('insee');
  const profile = useAtomValue(profileAtom);
  const signedInClient = profile?.userType === 'client';
  const wl = useAtomValue(whiteLabelAtom);
  // Without an account and where neither newcomers nor self-registration are open, step 3 could not
  // be passed: step 1 says so, with the place's phone and address, before anything is chosen.
  const onlineNeedsAccount =
    !profile && wl?.bookingNewcomersIsActive !== true && wl?.clientselfcreationIsActive !== true;
  // The address a newcomer gave: the récapitulatif says where the account mail went.
  const [newcomerEmail, setNewcomerEmail] = useState<string | null>(null);
  const now = useNow();

  const [data, setData] = useState<{ place: PublicPlace; reasons: PublicReason[] } | null>(null);
  const [otherPlaces, setOtherPlaces] = useState<PublicPlace[]>([]);
  const [reasonPk, setReasonPk] = useState<string>(search.get('reason') ?? '');
  // The reason chosen before this page (the booking home, a card, a link) is not asked again: it is
  // shown, with « Changer de motif » to open the list.
  const [reasonListOpen, setReasonListOpen] = useState(false);
  const [advisor, setAdvisor] = useState('');
  const [appointment, setAppointment] = useState<BookedAppointment | null>(null);
  const [pending, setPending] = useState<BookableOffer | null>(null);
  // The day of the last time chosen: coming back to the selection reopens its week.
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Record<string, unknown>>({});
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});
  const [description, setDescription] = useState('');
  const [wanted, setWanted] = useState<StepId>('selection');
  const [expired, setExpired] = useState(false);
  const loading = useCall();
  const call = useCall();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);
  // The hold to give back if the page goes away, and the one the signed-in client took already.
  const heldUuid = useRef<string | null>(null);
  const identifiedUuid = useRef<string | null>(null);

  usePageTitle(data ? `Prendre rendez-vous — ${data.place.name}` : 'Prendre rendez-vous');

  useEffect(() => {
    setData(null);
    void loading.run(() => bookingApi.placeFromSlug(slug)).then((d) => d && setData(d));
  }, [slug, loading.run]);

  const reason = useMemo(
    () => data?.reasons.find((r) => String(r.pk) === reasonPk) ?? (data?.reasons.length === 1 ? data.reasons[0] : null),
    [data, reasonPk],
  );

  useEffect(() => {
    setOtherPlaces([]);
    if (!insee || !reason) return;
    void bookingApi
      .placesForCommune(insee, reason.pk)
      .then(setOtherPlaces)
      .catch(() => setOtherPlaces([]));
  }, [insee, reason]);

  const step = allowedStep(wanted, { appointment, signedInClient, pendingTime: pending !== null });
  // The server checks and stores the answers (and the description) with the hold, as the reference
  // does: a reason with a questionnaire is held once it is answered; any other at once.
  const answersFirst = Boolean(reason && hasQuestions(reason.form));
  // Where a chosen time leads: the questionnaire when the reason has one (step 2 is skipped
  // otherwise: its free text moves to the identification), the récapitulatif for a signed-in client.
  const afterSelection: StepId = answersFirst ? 'questionnaire' : signedInClient ? 'recapitulatif' : 'identification';

  // Each step change takes the focus to the step's heading, so that a screen reader starts there.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const expire = useCallback((uuid?: string) => {
    // The browser's clock may run ahead of the server's: give the time back explicitly.
    if (uuid) void bookingApi.cancelByUuid(uuid).catch(() => undefined);
    setAppointment(null);
    setExpired(true);
    setWanted('selection');
    notify(EXPIRED, 'error');
  }, []);

  useEffect(() => {
    if (appointment && holdExpired(appointment, now)) expire(appointment.uuid);
  }, [appointment, now, expire]);

  // Leaving the journey gives the hold back: another page of the application (unmount), or the tab
  // closed, reloaded or taken to another site (pagehide). A confirmed appointment is no hold.
  useEffect(() => {
    heldUuid.current = appointment?.status === 'waiting' ? appointment.uuid : null;
  }, [appointment]);
  useEffect(() => {
    const leave = () => {
      if (heldUuid.current) releaseOnLeave(heldUuid.current);
      heldUuid.current = null;
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, []);

  // Signed in as a client with a hold: the hold becomes theirs and lasts longer (the server extends
  // it), within the account's own limit of holds at once.
  useEffect(() => {
    if (!signedInClient || appointment?.status !== 'waiting' || identifiedUuid.current === appointment.uuid) return;
    const { pk, uuid } = appointment;
    identifiedUuid.current = uuid;
    void call
      .run(async () => {
        try {
          return await bookingApi.identifyHold(pk, uuid);
        } catch (e) {
          if (e instanceof ApiError && (e.code === 'hold_expired' || e.status === 404)) {
            expire();
            return null;
          }
          throw e;
        }
      })
      .then((held) => {
        if (held) setAppointment((current) => (current?.uuid === held.uuid ? held : current));
      });
  }, [signedInClient, appointment, call.run, expire]);

  /** Gives back a hold the visitor no longer wants, so that the time is offered again at once. */
  const release = async () => {
    if (appointment?.status === 'waiting') {
      const uuid = appointment.uuid;
      setAppointment(null);
      await bookingApi.cancelByUuid(uuid).catch(() => undefined);
    }
  };

  const choose = async (offer: BookableOffer) => {
    if (!reason || call.busy) return;
    setExpired(false);
    setChosenDay(parisDate(offer.start));
    if (answersFirst) {
      await release();
      setPending(offer);
      setWanted('questionnaire');
      return;
    }
    // The previous hold is given back by the same call: refused (the time was taken), it is kept.
    const previous = appointment?.status === 'waiting' ? appointment.uuid : undefined;
    const held = await call.run(() =>
      bookingApi.hold({
        reason: reason.pk,
        slot: offer.slot,
        start: offer.start,
        advisor: advisor || undefined,
        replaces: previous,
      }),
    );
    if (held) {
      setAppointment(held);
      setExpired(false);
      // As on the booking sites people know: choosing a time goes on to the next step.
      setWanted(afterSelection);
    }
  };

  const chooseReason = async (pk: string) => {
    await release();
    setPending(null);
    setReasonPk(pk);
    setAdvisor('');
    setAnswers({});
    setAnswerErrors({});
  };

  const toIdentification = async () => {
    if (reason && hasQuestions(reason.form)) {
      const missing = missingAnswers(reason.form, answers);
      const errors = Object.fromEntries(missing.map((k) => [k, REQUIRED]));
      setAnswerErrors(errors);
      if (missing.length) {
        notify('Le questionnaire comporte des erreurs, merci de les corriger.', 'error');
        document.getElementById(`questionnaire_${missing[0]}`)?.focus();
        return;
      }
    }
    if (pending && reason) {
      const offer = pending;
      const held = await call.run(async () => {
        try {
          return await bookingApi.hold({
            reason: reason.pk,
            slot: offer.slot,
            start: offer.start,
            advisor: advisor || undefined,
            description: description.trim() || undefined,
            formAnswers: answers,
          });
        } catch (e) {
          // The answers refused on their questions; anything else (time taken…) sends back to the selection.
          const onAnswers = e instanceof ApiError ? answerErrorsOf(e) : {};
          if (Object.keys(onAnswers).length) {
            setAnswerErrors(onAnswers);
            notify(e instanceof ApiError ? e.message : String(e), 'error');
            return null;
          }
          setPending(null);
          setWanted('selection');
          throw e;
        }
      });
      if (!held) return;
      setAppointment(held);
      setPending(null);
    }
    setWanted('identification');
  };

  const confirm = async () => {
    if (!appointment || call.busy) return;
    const done = await call.run(async () => {
      try {
        return await bookingApi.confirmHold(appointment.pk, appointment.uuid, {
          description: description.trim() || undefined,
          formAnswers: reason && hasQuestions(reason.form) ? answers : undefined,
        });
      } catch (e) {
        // An expired or vanished hold: back to the selection with the French message.
        if (e instanceof ApiError && (e.code === 'hold_expired' || e.status === 404)) {
          expire();
          return null;
        }
        throw e;
      }
    });
    if (done) {
      setAppointment(done);
      notify('Votre rendez-vous est confirmé.', 'success');
    }
  };

  if (!data)
    return (
      <div className="booking">
        <Busy busy={loading.busy} />
        <ApiErrorNotice error={loading.error} />
        {loading.error && (
          <p>
            <Link to="/dialogwatt/rendez-vous/">Revenir à la prise de rendez-vous</Link>
          </p>
        )}
      </div>
    );

  const place = data.place;
  const stepLabel = STEPS[stepIndex(step)].label;
  const advisors = reason?.advisors ?? [];

  return (
    <div className="booking">
      <BookingStepper step={step} />
      {expired && step === 'selection' && (
        <div className="notice notice-error" role="alert">
          {EXPIRED} Merci de choisir un nouvel horaire.
        </div>
      )}
      {appointment?.status === 'waiting' && appointment.holdExpiresAt && (
        <HoldCountdown expiresAt={appointment.holdExpiresAt} now={now} />
      )}
      <section className="booking-step" aria-labelledby="booking-step-title">
        <h2 id="booking-step-title" ref={headingRef} tabIndex={-1}>
          {stepLabel}
        </h2>

        {step === 'selection' && (
          <>
            {onlineNeedsAccount && (
              <div className="notice" data-testid="booking-account-needed">
                <p>
                  Sur ce site, un rendez-vous en ligne se prend avec un compte : connectez-vous à l'étape «
                  Identification ».
                </p>
                <p>
                  Sans compte, prenez rendez-vous
                  {place.phone ? (
                    <>
                      {' '}
                      par téléphone au <a href={`tel:${place.phone.replace(/\s+/g, '')}`}>{place.phone}</a>
                    </>
                  ) : (
                    ' auprès de la structure'
                  )}
                  {placeAddress(place) ? <> ou sur place : {placeAddress(place)}</> : null}.
                </p>
              </div>
            )}
            {data.reasons.length === 0 ? (
              <p className="empty-state">Aucun motif n'est proposé dans ce lieu pour le moment.</p>
            ) : reason &&
              !reasonListOpen &&
              (data.reasons.length === 1 || search.get('reason') === String(reason.pk)) ? (
              <div className="booking-reason-chosen">
                <h3>Motif</h3>
                <p>
                  <strong>{reason.name}</strong>
                  {reason.duration > 0 && <> — durée : {formatDuration(reason.duration)}</>}
                </p>
                {data.reasons.length > 1 && (
                  <button type="button" className="link-button" onClick={() => setReasonListOpen(true)}>
                    Changer de motif
                  </button>
                )}
              </div>
            ) : (
              <ReasonChoice
                name="booking-reason"
                reasons={data.reasons}
                chosen={reason}
                onChoose={(r) => void chooseReason(String(r.pk))}
              />
            )}

            <div className="booking-place">
              <h3>Lieu</h3>
              {otherPlaces.length > 1 ? (
                <div className="field">
                  <label htmlFor="booking-place-select">Lieu du rendez-vous</label>
                  <select
                    id="booking-place-select"
                    value={place.slug}
                    onChange={(e) => {
                      void release();
                      navigate(
                        `/dialogwatt/rendez-vous/${encodeURIComponent(e.target.value)}?${new URLSearchParams({
                          ...(insee ? { insee } : {}),
                          ...(reason ? { reason: String(reason.pk) } : {}),
                        })}`,
                      );
                    }}
                  >
                    {otherPlaces.map((p) => (
                      <option key={p.pk} value={p.slug}>
                        {p.name}
                        {p.city ? ` (${p.city})` : ''}
                      </option>
                    ))}
                  </select>
                </div>
              ) : (
                <p>
                  <strong>{place.name}</strong>
                </p>
              )}
              {placeAddress(place) && <p>{placeAddress(place)}</p>}
              <p>
                <Link to={`/dialogwatt/lieux/infos/${place.pk}`}>
                  Informations sur le lieu<span className="visually-hidden"> {place.name}</span>
                </Link>
              </p>
            </div>

            {reason && advisors.length > 1 && (
              <div className="field booking-advisor">
                <label htmlFor="booking-advisor">Conseiller (facultatif)</label>
                <select
                  id="booking-advisor"
                  value={advisor}
                  onChange={(e) => {
                    void release();
                    setAdvisor(e.target.value);
                  }}
                >
                  <option value="">Sans préférence</option>
                  {advisors.map((a) => (
                    <option key={a.pk} value={String(a.pk)}>
                      {a.fullName}
                    </option>
                  ))}
                </select>
              </div>
            )}

            {reason ? (
              <>
                <h3 className="booking-subtitle">Horaire</h3>
                <WeekCalendar
                  headingLevel={4}
                  initialDay={chosenDay}
                  query={{ reason: reason.pk, place: place.pk, inseecode: insee, advisor: advisor || null }}
                  chosen={appointment?.status === 'waiting' ? appointment.startDate : (pending?.start ?? null)}
                  disabled={call.busy}
                  onChoose={(o) => void choose(o)}
                />
              </>
            ) : (
              data.reasons.length > 0 && <p className="notice">Choisissez d'abord le motif de votre rendez-vous.</p>
            )}
            <Busy busy={call.busy} text="Réservation de l'horaire…" />
            <ApiErrorNotice error={call.error} />
            {appointment?.status === 'waiting' && (
              <div className="notice notice-success booking-held" role="status">
                <p>
                  Horaire choisi : <strong>{formatAppointmentDate(appointment.startDate)}</strong>.
                </p>
              </div>
            )}
            {pending && !appointment && (
              <div className="notice notice-success booking-held" role="status">
                <p>
                  Horaire choisi : <strong>{formatAppointmentDate(pending.start)}</strong>.{' '}
                  {`Il vous sera réservé pendant ${HOLD_MINUTES} minutes dès que vous aurez répondu au questionnaire.`}
                </p>
              </div>
            )}
            {/* Choosing a time goes on by itself: « Continuer » is for a visitor who came back to this step. */}
            {(appointment?.status === 'waiting' || pending) && (
              <div className="form-actions">
                <button
                  type="button"
                  className="button button-primary"
                  onClick={() => setWanted(answersFirst || !appointment ? 'questionnaire' : afterSelection)}
                >
                  Continuer
                </button>
              </div>
            )}
          </>
        )}

        {step === 'questionnaire' && reason && (
          <>
            {hasQuestions(reason.form) ? (
              <ReasonQuestionnaire
                form={reason.form}
                answers={answers}
                errors={answerErrors}
                onChange={(a) => {
                  setAnswers(a);
                  if (Object.keys(answerErrors).length) setAnswerErrors({});
                }}
              />
            ) : (
              <p className="notice">Ce motif n'a pas de questionnaire : vous pouvez passer à l'étape suivante.</p>
            )}
            <div className="field">
              <label htmlFor="booking-description">Précisez votre demande (facultatif)</label>
              <textarea
                id="booking-description"
                rows={4}
                maxLength={2000}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
              />
            </div>
            <Busy busy={call.busy} text="Réservation de l'horaire…" />
            <div className="form-actions">
              <button type="button" className="button" onClick={() => setWanted('selection')}>
                Retour
              </button>
              <button
                type="button"
                className="button button-primary"
                disabled={call.busy}
                onClick={() => void toIdentification()}
              >
                Continuer
              </button>
            </div>
          </>
        )}

        {step === 'identification' && (
          <>
            {appointment?.status === 'waiting' && (
              <p className="booking-chosen-time">
                Horaire choisi : <strong>{formatAppointmentDate(appointment.startDate)}</strong>.{' '}
                <button type="button" className="link-button" onClick={() => setWanted('selection')}>
                  Changer d'horaire
                </button>
              </p>
            )}
            {!answersFirst && (
              <div className="field">
                <label htmlFor="booking-description">Précisez votre demande (facultatif)</label>
                <textarea
                  id="booking-description"
                  rows={3}
                  maxLength={2000}
                  value={description}
                  onChange={(e) => setDescription(e.target.value)}
                />
              </div>
            )}
            <Identification
              busy={call.busy}
              appointment={appointment}
              description={description.trim() || undefined}
              onExpired={() => expire()}
              onBooked={(done, email) => {
                setAppointment(done);
                setNewcomerEmail(email);
                setWanted('recapitulatif');
                notify('Votre rendez-vous est confirmé.', 'success');
              }}
            />
            <div className="form-actions">
              <button
                type="button"
                className="button"
                onClick={() => setWanted(answersFirst ? 'questionnaire' : 'selection')}
              >
                Retour
              </button>
              {signedInClient && (
                <button type="button" className="button button-primary" onClick={() => setWanted('recapitulatif')}>
                  Continuer
                </button>
              )}
            </div>
          </>
        )}

        {step === 'recapitulatif' && appointment && (
          <>
            {appointment.status === 'validated' ? (
              <div className="notice notice-success" role="status">
                <p>Votre rendez-vous est confirmé. Un courriel de confirmation vous est envoyé.</p>
                {newcomerEmail && (
                  <p>
                    Un autre courriel, envoyé à <strong>{newcomerEmail}</strong>, vous permet de choisir le mot de passe
                    de votre compte pour retrouver vos rendez-vous.
                  </p>
                )}
              </div>
            ) : (
              <p>Vérifiez votre rendez-vous, puis confirmez-le.</p>
            )}
            <AppointmentSummary appointment={appointment} />
            {description.trim() && appointment.status !== 'validated' && (
              <p>
                <strong>Votre demande :</strong> {description.trim()}
              </p>
            )}
            <Busy busy={call.busy} text="Confirmation du rendez-vous…" />
            <ApiErrorNotice error={call.error} />
            {appointment.status === 'waiting' ? (
              <div className="form-actions">
                <button type="button" className="button" onClick={() => setWanted('identification')}>
                  Retour
                </button>
                <button
                  type="button"
                  className="button button-primary"
                  disabled={call.busy}
                  aria-busy={call.busy}
                  onClick={() => void confirm()}
                >
                  Confirmer le rendez-vous
                </button>
              </div>
            ) : (
              <ul className="booking-links">
                <li>
                  <a className="button button-primary" href={icsUrl(appointment.uuid)} download="rendez-vous.ics">
                    Ajouter à mon agenda
                  </a>
                </li>
                <li>
                  <Link to={`/dg/${appointment.uuid}`}>Gérer ou déplacer mon rendez-vous</Link>
                </li>
                <li>
                  <Link to={`/da/${appointment.uuid}`}>Annuler mon rendez-vous</Link>
                </li>
                <li>
                  <Link to="/dialogwatt/rendez-vous/liste/">Voir tous mes rendez-vous</Link>
                </li>
              </ul>
            )}
          </>
        )}
      </section>
    </div>
  );
}
