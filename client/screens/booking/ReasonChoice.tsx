import type { PublicReason } from './booking-api';
import { formatDuration } from './booking-dates';

/** The reasons offered, as radio cards: name, length and description. */
export function ReasonChoice(props: {
  reasons: PublicReason[];
  chosen: PublicReason | null;
  onChoose: (reason: PublicReason) => void;
  name: string;
}) {
  return (
    <fieldset className="booking-reasons">
      <legend>Motif du rendez-vous</legend>
      <ul className="cards">
        {props.reasons.map((r) => (
          <li key={r.pk} className={`card booking-choice${props.chosen?.pk === r.pk ? ' is-chosen' : ''}`}>
            <input
              type="radio"
              name={props.name}
              id={`${props.name}-${r.pk}`}
              checked={props.chosen?.pk === r.pk}
              onChange={() => props.onChoose(r)}
            />
            <label htmlFor={`${props.name}-${r.pk}`}>
              <strong>{r.name}</strong>
              {r.duration > 0 && <span className="booking-choice-duration"> Durée : {formatDuration(r.duration)}</span>}
              {r.descriptionAsText && <span className="booking-choice-text">{r.descriptionAsText}</span>}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
