import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { bookingApi, type PublicPlace, type PublicReason } from './booking-api';
import { ApiErrorNotice, Busy, PlaceCard } from './BookingParts';
import { CommunePicker, type Commune } from './CommunePicker';
import { ReasonChoice } from './ReasonChoice';
import { useCall } from './use-call';
import './booking.css';

/**
 * The public home of booking: the visitor's commune (address field, INSEE code), then the reasons
 * offered there, then the places for the chosen reason, each leading to its booking page.
 */
export default function BookingHomeScreen() {
  const [commune, setCommune] = useState<Commune | null>(null);
  const [reasons, setReasons] = useState<PublicReason[] | null>(null);
  const [reason, setReason] = useState<PublicReason | null>(null);
  const [places, setPlaces] = useState<PublicPlace[] | null>(null);
  const reasonsCall = useCall();
  const placesCall = useCall();

  const chooseCommune = useCallback((c: Commune | null) => setCommune(c), []);

  useEffect(() => {
    setReasons(null);
    setReason(null);
    setPlaces(null);
    if (!commune) return;
    // « Il n'y a pas de service proposé… » is an answer, not a failure: shown on the page only.
    void reasonsCall
      .run(() => bookingApi.reasonsForCommune(commune.inseeCode), { quiet: true })
      .then((r) => {
        if (!r) return;
        setReasons(r);
        if (r.length === 1) setReason(r[0]);
      });
  }, [commune, reasonsCall.run]);

  useEffect(() => {
    setPlaces(null);
    if (!commune || !reason) return;
    void placesCall.run(() => bookingApi.placesForCommune(commune.inseeCode, reason.pk)).then((p) => p && setPlaces(p));
  }, [commune, reason, placesCall.run]);

  const bookHref = (p: PublicPlace) =>
    `/dialogwatt/rendez-vous/${encodeURIComponent(p.slug)}?${new URLSearchParams({
      insee: commune?.inseeCode ?? '',
      reason: String(reason?.pk ?? ''),
    })}`;

  return (
    <div className="booking booking-home">
      <p className="booking-aside">
        <Link to="/dialogwatt/rendez-vous/liste/">Voir mes rendez-vous</Link>
      </p>
      <CommunePicker onChoose={chooseCommune} />
      {commune && (
        <p className="booking-commune-chosen" role="status">
          Commune choisie : <strong>{commune.name}</strong>
          {commune.postcode && ` (${commune.postcode})`}
        </p>
      )}
      <Busy busy={reasonsCall.busy} text="Recherche des motifs proposés…" />
      {reasonsCall.error && (
        <div
          className={`notice ${reasonsCall.error.code === 'no_service' ? 'notice-warning' : 'notice-error'}`}
          role="alert"
        >
          {reasonsCall.error.message}
        </div>
      )}
      {reasons && (
        <section className="panel" aria-labelledby="booking-home-reasons">
          <h2 id="booking-home-reasons">Pourquoi souhaitez-vous un rendez-vous ?</h2>
          {reasons.length === 0 ? (
            <p className="empty-state">Il n'y a pas de service proposé actuellement pour cette commune.</p>
          ) : (
            <ReasonChoice name="home-reason" reasons={reasons} chosen={reason} onChoose={setReason} />
          )}
        </section>
      )}
      {reason && (
        <section className="panel" aria-labelledby="booking-home-places" aria-busy={placesCall.busy}>
          <h2 id="booking-home-places">Où souhaitez-vous être reçu(e) ?</h2>
          <Busy busy={placesCall.busy} text="Recherche des lieux…" />
          <ApiErrorNotice error={placesCall.error} />
          {places && places.length === 0 && (
            <p className="empty-state">Aucun lieu ne propose ce motif pour votre commune en ce moment.</p>
          )}
          {places && places.length > 0 && (
            <ul className="cards">
              {places.map((p) => (
                <PlaceCard key={p.pk} place={p} bookHref={bookHref(p)} />
              ))}
            </ul>
          )}
          {commune && (
            <p>
              <Link to={`/dialogwatt/lieux/${encodeURIComponent(commune.inseeCode)}/`}>
                Tous les lieux de rendez-vous pour {commune.name}
              </Link>
            </p>
          )}
        </section>
      )}
    </div>
  );
}
