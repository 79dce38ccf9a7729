import type { JobHandler } from './job-types';

// Handlers by kind, registered by the module files that own them when they are imported; the
// runner looks them up when it claims a job.
const handlers = new Map<string, JobHandler>();

export function registerJobHandler<P>(kind: string, handler: JobHandler<P>): void {
  const existing = handlers.get(kind);
  if (existing && existing !== handler) throw new Error(`job handler ${kind} is already registered`);
  handlers.set(kind, handler as JobHandler);
}

export function jobHandler(kind: string): JobHandler | undefined {
  return handlers.get(kind);
}
