import { forwardRef, type MouseEvent } from 'react';
import type { FieldError } from '../../engine/validation/field-error';
import { t } from '../lib/messages';

export interface ErrorSummaryProps {
  errors: FieldError[];
  /** Label of a field as the form shows it. */
  labelOf: (field: string) => string;
  /** The id prefix of the form's fields (RJSF `idPrefix`). */
  idPrefix: string;
}

/** The element that takes the focus for a field: the input itself, or the first control of a group. */
function focusTarget(id: string): HTMLElement | null {
  const element = document.getElementById(id);
  if (!element) return null;
  if (element.matches('input, select, textarea, button, [tabindex]')) return element;
  return element.querySelector<HTMLElement>('input, select, textarea, button') ?? element;
}

/**
 * Takes the reader to a field: opens the tab that holds it, then focuses it (a control inside a
 * hidden tab panel cannot take the focus, hence the frame in between).
 */
export function goToField(id: string): void {
  const element = document.getElementById(id);
  const panel = element?.closest<HTMLElement>('[role="tabpanel"]');
  if (panel?.hidden) document.getElementById(panel.getAttribute('aria-labelledby') ?? '')?.click();
  requestAnimationFrame(() => {
    const target = focusTarget(id);
    target?.focus();
    target?.scrollIntoView({ block: 'center' });
  });
}

/**
 * The errors of a refused save, at the top of the form (RGAA 11.10, DSFR « résumé des erreurs »):
 * a count, then each error, linked to its field; errors about the whole form are listed unlinked.
 * The form moves the focus here after each refused save, so that the reader hears it at once.
 */
export const ErrorSummary = forwardRef<HTMLDivElement, ErrorSummaryProps>(function ErrorSummary(
  { errors, labelOf, idPrefix },
  ref,
) {
  if (errors.length === 0) return null;
  const go = (e: MouseEvent<HTMLAnchorElement>, id: string) => {
    e.preventDefault();
    goToField(id);
  };
  return (
    <div className="error-summary" ref={ref} tabIndex={-1} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">
        {errors.length === 1 ? t('ui.error_summary_one') : t('ui.error_summary_many', { count: errors.length })}
      </h2>
      <ul>
        {errors.map((e, i) => {
          const field = e.path.split('.')[0];
          if (!field) return <li key={i}>{e.message}</li>;
          const id = `${idPrefix}_${field}`;
          return (
            <li key={i}>
              <a href={`#${id}`} onClick={(event) => go(event, id)}>
                {labelOf(field)} : {e.message}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
});
