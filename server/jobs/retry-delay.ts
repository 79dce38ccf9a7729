/** Wait before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min… up to 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}
