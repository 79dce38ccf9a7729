import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface TableSpec {
  /** Header of the first column (what the rows are). */
  rowHeader: string;
  columns: string[];
  rows: { label: string; cells: string[] }[];
}

/** Width of an element, followed as it changes (charts draw at their real size, 375 px included). */
export function useWidth<T extends HTMLElement>(initial = 640): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => setWidth(Math.max(240, Math.floor(el.getBoundingClientRect().width)));
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/**
 * A chart with what makes it accessible: a title, a sentence that says what it shows, a legend in
 * text, and the same figures as a table (opened on demand).
 */
export function ChartFigure(props: {
  title: string;
  summary: string;
  legend?: { label: string; color: string; dash?: string }[];
  table: TableSpec;
  children: (width: number, labelledBy: string) => ReactNode;
}) {
  const id = useId();
  const [ref, width] = useWidth<HTMLDivElement>();
  return (
    <figure className="sim-chart" aria-labelledby={`${id}-title`}>
      <figcaption>
        <h3 id={`${id}-title`}>{props.title}</h3>
        <p id={`${id}-summary`} className="sim-chart-summary">
          {props.summary}
        </p>
      </figcaption>
      <div ref={ref} className="sim-chart-canvas">
        {props.children(width, `${id}-title ${id}-summary`)}
      </div>
      {props.legend && props.legend.length > 0 && (
        <ul className="sim-legend">
          {props.legend.map((l) => (
            <li key={l.label}>
              <svg width="28" height="12" aria-hidden="true">
                <line
                  x1="0"
                  x2="28"
                  y1="6"
                  y2="6"
                  stroke={l.color}
                  strokeWidth="4"
                  strokeDasharray={l.dash || undefined}
                />
              </svg>
              {l.label}
            </li>
          ))}
        </ul>
      )}
      <details className="sim-chart-data">
        <summary>Voir les données sous forme de tableau</summary>
        {/* Focusable so that a table wider than the screen can be scrolled with the keyboard. */}
        <div className="table-wrap" role="region" aria-label={`Données : ${props.title}`} tabIndex={0}>
          <table className="data-table">
            <caption className="visually-hidden">{props.title}</caption>
            <thead>
              <tr>
                <th scope="col">{props.table.rowHeader}</th>
                {props.table.columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {props.table.rows.map((r) => (
                <tr key={r.label}>
                  <th scope="row">{r.label}</th>
                  {/* data-label: on a narrow screen each row becomes a card whose figures keep their column's name. */}
                  {r.cells.map((c, i) => (
                    <td key={i} className="num" data-label={props.table.columns[i]}>
                      {c}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
