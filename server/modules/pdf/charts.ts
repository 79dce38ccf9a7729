import { formatNumberFr } from '../../../engine/simulators/shared/format-fr';
import { COLORS, type PdfLayout } from './pdf-layout';

// Charts drawn with jsPDF's primitives (rectangles, lines, text): no canvas, no image, so the
// server needs no browser and the figures stay sharp and searchable in the PDF.

/** Distinct on white and for the usual colour blindnesses (blue, orange, green, purple…). */
export const PALETTE = ['#1f5c99', '#d9641e', '#2e7d4f', '#7b3fa0', '#a6761d', '#c0396b', '#4d4d4d', '#17a2b8'];

export interface BarSeries {
  name: string;
  color: string;
  values: number[];
}

export interface LineSeries {
  name: string;
  color: string;
  points: (number | null)[];
}

interface Scale {
  min: number;
  max: number;
  step: number;
}

/** Round axis bounds and a step of 1, 2, 2.5 or 5 × 10^k giving about `ticks` intervals. */
export function niceScale(min: number, max: number, ticks = 5): Scale {
  const low = Math.min(0, min);
  let high = Math.max(0, max);
  if (high === low) high = low + 1;
  const raw = (high - low) / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  return { min: Math.floor(low / step) * step, max: Math.ceil(high / step) * step, step };
}

function axisLabel(value: number, step: number): string {
  const digits = step >= 1 ? 0 : Math.min(3, Math.ceil(-Math.log10(step)));
  return formatNumberFr(value, digits);
}

interface Plot {
  x: number;
  y: number;
  width: number;
  height: number;
  scale: Scale;
}

const LEFT_AXIS = 20;

function chartTitle(layout: PdfLayout, title: string, unit: string): void {
  layout.textAt(title, layout.margin, layout.y, { size: 10, style: 'bold' });
  layout.textAt(unit, layout.margin + layout.width, layout.y + 0.4, { size: 8, color: COLORS.muted, align: 'right' });
  layout.space(6);
}

/** Grid lines and value labels; returns the y of a value. */
function drawAxes(layout: PdfLayout, plot: Plot): (value: number) => number {
  const { doc } = layout;
  const toY = (value: number) =>
    plot.y + plot.height - ((value - plot.scale.min) / (plot.scale.max - plot.scale.min)) * plot.height;
  doc.setLineWidth(0.15);
  for (let v = plot.scale.min; v <= plot.scale.max + plot.scale.step / 1000; v += plot.scale.step) {
    const y = toY(v);
    doc.setDrawColor(Math.abs(v) < plot.scale.step / 1000 ? COLORS.muted : COLORS.rule);
    doc.line(plot.x, y, plot.x + plot.width, y);
    layout.textAt(axisLabel(v, plot.scale.step), plot.x - 1.5, y - 1.4, {
      size: 7,
      color: COLORS.muted,
      align: 'right',
    });
  }
  return toY;
}

function legend(layout: PdfLayout, items: { name: string; color: string }[], kind: 'box' | 'line'): void {
  const { doc } = layout;
  let x = layout.margin + LEFT_AXIS;
  const right = layout.margin + layout.width;
  layout.font(8);
  for (const item of items) {
    const width = 6 + doc.getTextWidth(item.name) + 5;
    if (x + width > right) {
      x = layout.margin + LEFT_AXIS;
      layout.space(4.2);
    }
    doc.setFillColor(item.color);
    doc.setDrawColor(item.color);
    if (kind === 'box') doc.rect(x, layout.y + 0.4, 3.6, 2.6, 'F');
    else {
      doc.setLineWidth(0.8);
      doc.line(x, layout.y + 1.7, x + 4, layout.y + 1.7);
    }
    layout.textAt(item.name, x + 5.2, layout.y, { size: 8 });
    x += width;
  }
  layout.space(5);
}

/** Bars per category: stacked (parts of a total) or side by side. */
export function barChart(
  layout: PdfLayout,
  options: {
    title: string;
    unit: string;
    categories: string[];
    series: BarSeries[];
    stacked?: boolean;
    height?: number;
  },
): void {
  const height = options.height ?? 58;
  layout.ensure(height + 26);
  chartTitle(layout, options.title, options.unit);
  const n = options.categories.length;
  const totals = options.categories.map((_, i) =>
    options.series.reduce((sum, s) => sum + Math.max(0, s.values[i] ?? 0), 0),
  );
  const peak = options.stacked ? Math.max(0, ...totals) : Math.max(0, ...options.series.flatMap((s) => s.values));
  // Side-by-side bars may go below 0 (a year whose helps and loans exceed the works): the axis
  // extends down and the bar hangs from 0. Stacked parts are parts of a total, never negative.
  const low = options.stacked ? 0 : Math.min(0, ...options.series.flatMap((s) => s.values));
  const plot: Plot = {
    x: layout.margin + LEFT_AXIS,
    y: layout.y,
    width: layout.width - LEFT_AXIS,
    height,
    scale: niceScale(low, peak),
  };
  const toY = drawAxes(layout, plot);
  const slot = plot.width / Math.max(1, n);
  const { doc } = layout;
  options.categories.forEach((category, i) => {
    const groupWidth = Math.min(slot * 0.6, 34);
    const left = plot.x + i * slot + (slot - groupWidth) / 2;
    if (options.stacked) {
      let base = 0;
      for (const s of options.series) {
        const value = Math.max(0, s.values[i] ?? 0);
        if (value > 0) {
          doc.setFillColor(s.color);
          doc.rect(left, toY(base + value), groupWidth, toY(base) - toY(base + value), 'F');
        }
        base += value;
      }
      layout.textAt(formatNumberFr(totals[i], 0), left + groupWidth / 2, toY(totals[i]) - 3.6, {
        size: 7,
        style: 'bold',
        align: 'center',
      });
    } else {
      const barWidth = groupWidth / Math.max(1, options.series.length);
      options.series.forEach((s, j) => {
        const value = s.values[i] ?? 0;
        doc.setFillColor(s.color);
        if (value !== 0) {
          const top = toY(Math.max(0, value));
          doc.rect(left + j * barWidth, top, barWidth * 0.9, Math.abs(toY(value) - toY(0)), 'F');
        }
      });
    }
    layout.font(7.5);
    const lines = layout.wrap(category, slot - 2).slice(0, 2);
    lines.forEach((line, k) =>
      layout.textAt(line, plot.x + i * slot + slot / 2, plot.y + plot.height + 1.5 + k * 3.3, {
        size: 7.5,
        align: 'center',
      }),
    );
  });
  layout.y = plot.y + plot.height + 9;
  legend(layout, options.series, 'box');
}

/** Lines over the same x labels (years); null points leave a gap. */
export function lineChart(
  layout: PdfLayout,
  options: { title: string; unit: string; xLabels: string[]; series: LineSeries[]; height?: number },
): void {
  const height = options.height ?? 58;
  layout.ensure(height + 26);
  chartTitle(layout, options.title, options.unit);
  const values = options.series.flatMap((s) => s.points.filter((p): p is number => p !== null));
  const plot: Plot = {
    x: layout.margin + LEFT_AXIS,
    y: layout.y,
    width: layout.width - LEFT_AXIS - 2,
    height,
    scale: niceScale(values.length ? Math.min(...values) : 0, values.length ? Math.max(...values) : 1),
  };
  const toY = drawAxes(layout, plot);
  const n = options.xLabels.length;
  const toX = (i: number) => plot.x + (n <= 1 ? plot.width / 2 : (i / (n - 1)) * plot.width);
  const every = Math.max(1, Math.ceil(n / 10));
  options.xLabels.forEach((label, i) => {
    if (i % every === 0)
      layout.textAt(label, toX(i), plot.y + plot.height + 1.5, { size: 7, align: 'center', color: COLORS.muted });
  });
  const { doc } = layout;
  for (const s of options.series) {
    doc.setDrawColor(s.color);
    doc.setFillColor(s.color);
    doc.setLineWidth(0.6);
    let previous: [number, number] | null = null;
    s.points.forEach((value, i) => {
      if (value === null) {
        previous = null;
        return;
      }
      const point: [number, number] = [toX(i), toY(value)];
      if (previous) doc.line(previous[0], previous[1], point[0], point[1]);
      if (n <= 25) doc.circle(point[0], point[1], 0.55, 'F');
      previous = point;
    });
  }
  layout.y = plot.y + plot.height + 6;
  legend(layout, options.series, 'line');
}
