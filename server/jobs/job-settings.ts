/** What the job runner reads from the environment. */
export interface JobRunnerSettings {
  /** JOB_RUNNER=off: this process runs no job (another process does). */
  enabled: boolean;
  /** How often the runner looks for due jobs (JOB_POLL_SECONDS, default 5). */
  pollMs: number;
  /** How long a claimed job stays reserved before another process may take it over (JOB_LEASE_SECONDS). */
  leaseMs: number;
}

export function loadJobRunnerSettings(env: NodeJS.ProcessEnv = process.env): JobRunnerSettings {
  const seconds = (v: string | undefined, fallback: number) => {
    const n = Number(v);
    return (Number.isFinite(n) && n > 0 ? n : fallback) * 1000;
  };
  return {
    enabled: env.JOB_RUNNER !== 'off',
    pollMs: seconds(env.JOB_POLL_SECONDS, 5),
    leaseMs: seconds(env.JOB_LEASE_SECONDS, 600),
  };
}
