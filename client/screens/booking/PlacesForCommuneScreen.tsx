import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { bookingApi, type PublicPlace, type PublicReason } from './booking-api';
import { ApiErrorNotice, Busy, PlaceCard } from './BookingParts';
import { useCall } from './use-call';
import './booking.css';

/**
 * The places where a commune's inhabitants can be received: for every reason offered there, its
 * places (a place offering several reasons is listed once).
 */
/** The place's booking page, with the commune and, when it is the only one, the reason. */
function bookHref(place: PublicPlace, reasons: PublicReason[], insee: string): string {
  const query = new URLSearchParams({ insee, ...(reasons.length === 1 ? { reason: String(reasons[0].pk) } : {}) });
  return `/dialogwatt/rendez-vous/${encodeURIComponent(place.slug)}?${query}`;
}

export default function PlacesForCommuneScreen() {
  const { inseecode = '' } = useParams();
  const [places, setPlaces] = useState<{ place: PublicPlace; reasons: PublicReason[] }[] | null>(null);
  const { busy, error, run } = useCall();

  useEffect(() => {
    setPlaces(null);
    void run(
      async () => {
        const reasons = await bookingApi.reasonsForCommune(inseecode);
        const lists = await Promise.all(reasons.map((r) => bookingApi.placesForCommune(inseecode, r.pk)));
        const byPk = new Map<number, { place: PublicPlace; reasons: PublicReason[] }>();
        lists.forEach((list, i) =>
          list.forEach((p) => {
            const entry = byPk.get(p.pk) ?? { place: p, reasons: [] };
            entry.reasons.push(reasons[i]);
            byPk.set(p.pk, entry);
          }),
        );
        return [...byPk.values()].sort((a, b) => a.place.name.localeCompare(b.place.name, 'fr'));
      },
      { quiet: true },
    ).then((p) => p && setPlaces(p));
  }, [inseecode, run]);

  return (
    <div className="booking">
      <Busy busy={busy} />
      {error &&
        (error.code === 'no_service' ? (
          <p className="notice notice-warning">{error.message}</p>
        ) : (
          <ApiErrorNotice error={error} />
        ))}
      {places && places.length === 0 && <p className="empty-state">Aucun lieu de rendez-vous pour cette commune.</p>}
      {places && places.length > 0 && (
        <ul className="cards">
          {places.map(({ place, reasons }) => (
            <PlaceCard key={place.pk} place={place} bookHref={bookHref(place, reasons, inseecode)} />
          ))}
        </ul>
      )}
      <p>
        <Link to="/dialogwatt/rendez-vous/">Revenir à la prise de rendez-vous</Link>
      </p>
    </div>
  );
}
