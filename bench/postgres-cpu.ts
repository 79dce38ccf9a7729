import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { AppContext } from '../server/context';

/**
 * PostgreSQL: CPU time (ms) used so far by the server processes serving this database (the
 * pool's connections), read from /proc — the server on this machine, as the benches assume. The
 * wall clock of a shared machine is mostly other work's; this is the queries' own cost on the
 * server. Null on SQLite, and when the processes cannot be read (another host).
 */
export async function postgresCpuMs(app: AppContext): Promise<number | null> {
  if (app.database.dialect !== 'postgres') return null;
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity
    where datname = current_database() and backend_type = 'client backend'`.execute(app.database.db);
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      // Fields 14 and 15 (utime, stime) after the command name in parentheses.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  }
  // Clock ticks of 10 ms (USER_HZ = 100 on Linux).
  return ticks * 10;
}
