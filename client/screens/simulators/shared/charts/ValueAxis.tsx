import { shortNumber } from './scale';

/** The horizontal grid with its value labels (the zero line as the axis) and the unit at the top left. */
export function ValueAxis(props: {
  ticks: number[];
  y: (v: number) => number;
  left: number;
  right: number;
  unit: string;
}) {
  return (
    <>
      {props.ticks.map((t) => (
        <g key={t}>
          <line
            x1={props.left}
            x2={props.right}
            y1={props.y(t)}
            y2={props.y(t)}
            className={t === 0 ? 'sim-axis' : 'sim-grid'}
          />
          <text x={props.left - 6} y={props.y(t)} dy="0.32em" textAnchor="end" className="sim-tick">
            {shortNumber(t)}
          </text>
        </g>
      ))}
      <text x={4} y={12} className="sim-tick sim-unit-label">
        {props.unit}
      </text>
    </>
  );
}
