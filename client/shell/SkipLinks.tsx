import { useEffect, useState, type MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { t } from '../lib/messages';

/**
 * The page's main action: what a screen marks with `data-main-action`, else its first primary
 * button or link (« Nouveau lieu » on a list). Hidden or disabled controls do not count.
 */
export function findMainAction(root: ParentNode): HTMLElement | null {
  const candidates = [...root.querySelectorAll<HTMLElement>('[data-main-action], .screen .button-primary')];
  const usable = (el: HTMLElement) =>
    !el.hasAttribute('disabled') && el.getAttribute('aria-hidden') !== 'true' && el.getClientRects().length > 0;
  return candidates.find((el) => el.hasAttribute('data-main-action') && usable(el)) ?? candidates.find(usable) ?? null;
}

function labelOf(el: HTMLElement): string {
  return (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Follows the screen as it loads (lazy screens, data) and as the user navigates. */
function useMainAction(): { element: HTMLElement; label: string } | null {
  const location = useLocation();
  const [found, setFound] = useState<{ element: HTMLElement; label: string } | null>(null);
  useEffect(() => {
    const main = document.getElementById('main');
    if (!main) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const element = findMainAction(main);
        const label = element ? labelOf(element) : '';
        setFound((prev) =>
          prev?.element === element && prev?.label === label ? prev : element && label ? { element, label } : null,
        );
      });
    };
    const observer = new MutationObserver(update);
    observer.observe(main, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled', 'hidden', 'class'],
    });
    update();
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [location.pathname]);
  return found;
}

/**
 * The first tab stops of every page (WCAG 2.4.1): to the content, to the page's main action, and
 * to the menu. They show when focused.
 */
export function SkipLinks({ hasMenu }: { hasMenu: boolean }) {
  const action = useMainAction();
  const go = (find: () => HTMLElement | null | undefined) => (e: MouseEvent) => {
    const target = find();
    if (!target) return;
    e.preventDefault();
    if (!target.matches('a, button, input, select, textarea, [tabindex]')) target.setAttribute('tabindex', '-1');
    target.focus();
    target.scrollIntoView({ block: 'nearest' });
  };
  return (
    <div className="skip-links">
      <a href="#main" onClick={go(() => document.getElementById('main'))}>
        {t('ui.skip_to_content')}
      </a>
      {/* Named without the action's own words: tools and people looking for « Nouveau lieu » find the
          action, not this link; the words stay visible, after the name. */}
      {action && (
        <a href="#main" onClick={go(() => action.element)} aria-label={t('shell.skip_to_action')}>
          {t('shell.skip_to_action')}
          <span aria-hidden="true"> : {action.label}</span>
        </a>
      )}
      {hasMenu && (
        <a href="#side-menu" onClick={go(() => document.querySelector<HTMLElement>('#side-menu a'))}>
          {t('shell.skip_to_menu')}
        </a>
      )}
    </div>
  );
}
