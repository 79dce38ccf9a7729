import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { usePageTitle } from '../../shell/page-title';
import { bookingApi, type PublicPlace } from './booking-api';
import { ApiErrorNotice, Busy, placeAddress } from './BookingParts';
import { useCall } from './use-call';
import './booking.css';

/** What a visitor needs to find a place: address, contacts, presentation (no map tiles offline). */
export default function PlaceInfoScreen() {
  const { placePk = '' } = useParams();
  const [place, setPlace] = useState<PublicPlace | null>(null);
  const { busy, error, run } = useCall();
  usePageTitle(place?.name ?? 'Informations sur le lieu');

  useEffect(() => {
    setPlace(null);
    void run(() => bookingApi.placeInfos(placePk)).then((p) => p && setPlace(p));
  }, [placePk, run]);

  return (
    <div className="booking">
      <Busy busy={busy} />
      <ApiErrorNotice error={error} />
      {place && (
        <section className="card booking-place-info" aria-label={place.name}>
          <dl className="booking-summary">
            {placeAddress(place) && (
              <div>
                <dt>Adresse</dt>
                <dd>{placeAddress(place)}</dd>
              </div>
            )}
            {place.phone && (
              <div>
                <dt>Téléphone</dt>
                <dd>
                  <a href={`tel:${place.phone.replace(/\s/g, '')}`}>{place.phone}</a>
                </dd>
              </div>
            )}
            {place.email && (
              <div>
                <dt>Courriel</dt>
                <dd>
                  <a href={`mailto:${place.email}`}>{place.email}</a>
                </dd>
              </div>
            )}
            {place.url && /^https?:\/\//.test(place.url) && (
              <div>
                <dt>Site</dt>
                <dd>
                  <a href={place.url} target="_blank" rel="noopener noreferrer">
                    {place.url} <span className="visually-hidden">(nouvel onglet)</span>
                  </a>
                </dd>
              </div>
            )}
          </dl>
          {place.presentation && (
            <p className="booking-presentation">
              {place.presentation
                .replace(/<[^>]+>/g, ' ')
                .replace(/\s+/g, ' ')
                .trim()}
            </p>
          )}
          <p>
            <Link className="button button-primary" to={`/dialogwatt/rendez-vous/${encodeURIComponent(place.slug)}`}>
              Prendre rendez-vous<span className="visually-hidden"> à {place.name}</span>
            </Link>
          </p>
        </section>
      )}
    </div>
  );
}
