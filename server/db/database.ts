import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { AppDatabase } from './tables';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<AppDatabase>;
  dialect: DialectName;
  close(): Promise<void>;
  /** Connections of the PostgreSQL pool (metrics); absent on SQLite. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

// PostgreSQL's int8 (count(*), sums) arrive as strings by default; our numbers fit in doubles.
pg.types.setTypeParser(20, (v) => Number(v));
// JSON columns arrive as their text, as on SQLite, and are parsed in one place (row-mapper): a
// JSON string value such as "5" must stay the string "5", which pg's own parsing cannot tell
// apart from text holding the number 5 once it has parsed it.
pg.types.setTypeParser(114, (v) => v);
pg.types.setTypeParser(3802, (v) => v);

export function openDatabase(url: string): Database {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_SIZE ?? 10) });
    // An idle connection closed by the server (restart, failover) must not crash the process;
    // the pool replaces it at the next query.
    pool.on('error', (err) => console.warn(`PostgreSQL idle connection error: ${err.message}`));
    const db = new Kysely<AppDatabase>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      close: () => db.destroy(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const file = url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : url;
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers go on while one writer commits; busy_timeout makes concurrent writers wait
  // instead of failing (several server processes may share the file).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  // Durability (docs/operations.md, "Durability"): in WAL mode a commit is written to the WAL file
  // before it is acknowledged, so a process crash (SIGKILL, out of memory) loses nothing that was
  // answered; NORMAL leaves the fsync to checkpoints, so only a power cut or an OS crash may drop the
  // last commits (never corrupt the file). FULL (SQLITE_SYNCHRONOUS=FULL) fsyncs every commit and
  // covers those too, for about 5 ms more per commit on this machine's disk.
  sqlite.pragma(`synchronous = ${process.env.SQLITE_SYNCHRONOUS?.toUpperCase() === 'FULL' ? 'FULL' : 'NORMAL'}`);
  // Kysely prepares every statement it runs; most statements repeat, so they are kept prepared
  // (a bounded cache by SQL text: better-sqlite3 statements are reusable once finished).
  const prepared = new Map<string, SQLite.Statement>();
  const database = {
    prepare(text: string) {
      let statement = prepared.get(text);
      if (!statement) {
        if (prepared.size >= 1000) prepared.delete(prepared.keys().next().value as string);
        statement = sqlite.prepare(text);
        prepared.set(text, statement);
      }
      return statement;
    },
    close() {
      prepared.clear();
      sqlite.close();
    },
  };
  const db = new Kysely<AppDatabase>({ dialect: new SqliteDialect({ database }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
