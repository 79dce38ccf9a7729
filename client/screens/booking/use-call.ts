import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../api/http';
import { notify } from '../../shell/notifications';

/**
 * One API call at a time for a screen: `busy` while it runs (the busy indicator), the French
 * error of the last failure (shown on the page and as a notice), cleared by the next success.
 */
export function useCall() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const running = useRef(0);
  const run = useCallback(
    async <T>(job: () => Promise<T>, options: { quiet?: boolean } = {}): Promise<T | undefined> => {
      running.current += 1;
      setBusy(true);
      try {
        const result = await job();
        setError(null);
        return result;
      } catch (e) {
        const err = e instanceof ApiError ? e : new ApiError(0, 'network', String(e));
        setError(err);
        if (!options.quiet) notify(err.message, 'error');
        return undefined;
      } finally {
        running.current -= 1;
        if (running.current === 0) setBusy(false);
      }
    },
    [],
  );
  return { busy, error, setError, run };
}
