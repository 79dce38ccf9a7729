import { STEPS, stepIndex, stepStatus, type StepId } from './booking-steps';

/**
 * The four steps as an ordered list, the current one marked `aria-current="step"`, under
 * « Étape x sur 4 : … » (the simulators' wording). Not tabs: a step opens only when the ones
 * before it are done, so the list informs and the screen's buttons move on.
 */
export function BookingStepper({ step }: { step: StepId }) {
  const current = stepIndex(step);
  return (
    <nav className="booking-stepper" aria-label="Étapes de la prise de rendez-vous">
      <p className="booking-step-status" data-testid="step-status">
        <strong>{stepStatus(step)}</strong> : {STEPS[current].label}
      </p>
      <ol>
        {STEPS.map((s, i) => (
          <li
            key={s.id}
            aria-current={i === current ? 'step' : undefined}
            className={i < current ? 'is-done' : i === current ? 'is-current' : undefined}
          >
            <span className="booking-step-number" aria-hidden="true">
              {i + 1}
            </span>
            <span className="booking-step-label">
              {s.label}
              {i < current && <span className="visually-hidden"> (terminée)</span>}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
