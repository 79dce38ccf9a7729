import type { AppContext } from '../context';
import { createMetrics, type AppMetrics } from './metrics';
import type { Readiness } from './health';

export interface Observability {
  metrics: AppMetrics;
  readiness: Readiness;
}

const byApp = new WeakMap<AppContext, Observability>();

/** This process's metrics and readiness flag (one per app context, as tests run several apps). */
export function observability(app: AppContext): Observability {
  let o = byApp.get(app);
  if (!o) {
    o = { metrics: createMetrics(app), readiness: { accepting: true } };
    byApp.set(app, o);
  }
  return o;
}
