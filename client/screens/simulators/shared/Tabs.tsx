import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

export interface TabSpec {
  slug: string;
  label: string;
}

/**
 * The tabs of a simulator, one URL each (`${base}/${slug}`), shown as numbered steps with
 * « Étape x sur n » above them. ARIA tabs: arrow keys, Home and End move between them (and open
 * them), Tab goes into the panel; only the current tab is in the tab order. On a narrow screen the
 * other steps show their number only (their label stays their accessible name), so the steps hold
 * on one line instead of wrapping onto three.
 */
export function Tabs(props: {
  base: string;
  tabs: TabSpec[];
  current: string;
  label: string;
  children: ReactNode;
  onLeave?: (from: string, to: string) => void;
}) {
  const navigate = useNavigate();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    props.tabs.findIndex((t) => t.slug === props.current),
  );
  const open = (i: number) => {
    const tab = props.tabs[i];
    if (!tab) return;
    if (tab.slug !== props.current) props.onLeave?.(props.current, tab.slug);
    navigate(`${props.base}/${tab.slug}`);
    refs.current[i]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const last = props.tabs.length - 1;
    const to =
      e.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (to === null) return;
    e.preventDefault();
    open(to);
  };
  const current = props.tabs[index];
  return (
    <div className="sim-tabs">
      <p className="sim-step-status" data-testid="step-status">
        <span className="sim-step-count">
          Étape {index + 1} sur {props.tabs.length}
        </span>
        <span className="sim-step-current"> : {current.label}</span>
      </p>
      <div role="tablist" aria-label={props.label} className="tab-list sim-steps-list" onKeyDown={onKeyDown}>
        {props.tabs.map((t, i) => (
          <button
            key={t.slug}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t.slug}`}
            aria-selected={i === index}
            aria-controls={`panel-${t.slug}`}
            tabIndex={i === index ? 0 : -1}
            className="tab sim-step"
            title={t.label}
            onClick={() => open(i)}
          >
            <span className="sim-step-number" aria-hidden="true">
              {i + 1}
            </span>
            <span className="sim-step-label">{t.label}</span>
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`panel-${current.slug}`}
        aria-labelledby={`tab-${current.slug}`}
        className="tab-panel sim-panel"
      >
        {props.children}
      </div>
    </div>
  );
}
