import type { AppContext } from '../context';

// Mails leave after the answer: the caller does not wait for a slow SMTP server, and the time of
// a password-reset answer says nothing about whether the address has an account.
const pending = new WeakMap<AppContext, Set<Promise<void>>>();

export function later(app: AppContext, task: () => Promise<void>): void {
  let set = pending.get(app);
  if (!set) pending.set(app, (set = new Set()));
  const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .catch((err: unknown) => app.logger.error({ err }, 'background mail task failed'))
    .finally(() => set.delete(p));
  set.add(p);
}

/** Resolves when every queued task of this server has finished (tests, orderly shutdown). */
export async function idle(app: AppContext): Promise<void> {
  const set = pending.get(app);
  while (set && set.size) await Promise.all([...set]);
}
