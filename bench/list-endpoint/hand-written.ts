// The comparison point: the same list of places written by hand for this one table, with
// Express and prepared statements (better-sqlite3, or pg named statements on PostgreSQL): no
// Kysely, no declarations, no rights engine.
// It still has to know who asks (the answer depends on it), so it verifies the same access
// token and reads the user, and it sends the same security headers as the real server.
import express, { type Express } from 'express';
import helmet from 'helmet';
import SQLite from 'better-sqlite3';
import { jwtVerify } from 'jose';
import pg from 'pg';

const STAFF = new Set(['administrator', 'manager', 'advisor', 'superadvisor', 'listeproadmin']);
const SORTS: Record<string, string> = {
  name: 'name',
  postcode: 'postcode',
  city: 'city',
  isActive: 'is_active',
  updatedAt: 'updated_at',
  pk: 'pk',
};

interface PlaceRow {
  pk: number;
  name: string;
  slug: string;
  is_active: number | null;
  color: string;
  groups: string;
  selected_advisors: string;
  address: string;
  postcode: string;
  city: string;
  inseecode: string;
  lat: number;
  lon: number;
  phone: string;
  email: string | null;
  url: string | null;
  presentation: string;
  internal_presentation: string;
  access_map: string | null;
  created_at: string;
  updated_at: string;
  extra: string | null;
}

const COLUMNS =
  'pk, name, slug, is_active, color, groups, selected_advisors, address, postcode, city, inseecode, lat, lon, ' +
  'phone, email, url, presentation, internal_presentation, access_map, created_at, updated_at, extra';

/** A JSON column as the generic route answers it (text on SQLite, parsed already by pg). */
const parsed = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : (v ?? null));

export function toJson(r: PlaceRow) {
  return {
    pk: r.pk,
    name: r.name,
    slug: r.slug,
    isActive: r.is_active === null ? null : Boolean(r.is_active),
    color: r.color,
    groups: JSON.parse(r.groups),
    selectedAdvisors: JSON.parse(r.selected_advisors),
    address: r.address,
    postcode: r.postcode,
    city: r.city,
    inseecode: r.inseecode,
    lat: r.lat,
    lon: r.lon,
    phone: r.phone,
    email: r.email,
    url: r.url,
    presentation: r.presentation,
    internalPresentation: r.internal_presentation,
    // The access map (a file) and the custom forms' answers, added to places after this route was written.
    accessMap: parsed(r.access_map),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    customFormData: parsed(r.extra) ?? {},
    id: r.pk,
  };
}

function intParam(v: unknown, fallback: number): number {
  return typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : fallback;
}

interface UserRow {
  user_type: string | null;
  is_active: number;
  group_active: number | null;
}

/** What the hand-written route needs from a database: who the user is, a page, a count. */
export interface Source {
  user(pk: number): UserRow | undefined | Promise<UserRow | undefined>;
  page(
    column: string,
    desc: boolean,
    activeOnly: boolean,
    limit: number,
    offset: number,
  ): PlaceRow[] | Promise<PlaceRow[]>;
  count(activeOnly: boolean): number | Promise<number>;
  close(): void | Promise<void>;
}

const USER_SQL =
  'select u.user_type, u.is_active, g.is_active as group_active ' +
  'from account_user u left join account_group g on g.pk = u."group" where u.pk = ?';
const pageSql = (column: string, desc: boolean, activeOnly: boolean, p: [string, string]) =>
  `select ${COLUMNS} from dialogwatt_place ${activeOnly ? 'where is_active = 1' : ''} ` +
  `order by ${column} ${desc ? 'desc' : 'asc'}, pk ${desc ? 'desc' : 'asc'} limit ${p[0]} offset ${p[1]}`;
const countSql = (activeOnly: boolean) =>
  `select count(*) as n from dialogwatt_place ${activeOnly ? 'where is_active = 1' : ''}`;

export function sqliteSource(file: string): Source {
  const db = new SQLite(file, { readonly: true });
  db.pragma('busy_timeout = 5000');
  const userStatement = db.prepare<[number], UserRow>(USER_SQL);
  const pages = new Map<string, SQLite.Statement<[number, number], PlaceRow>>();
  const counts = new Map<boolean, SQLite.Statement<[], { n: number }>>();
  return {
    user: (pk) => userStatement.get(pk),
    page(column, desc, activeOnly, limit, offset) {
      const key = `${column}|${desc}|${activeOnly}`;
      let s = pages.get(key);
      if (!s) pages.set(key, (s = db.prepare(pageSql(column, desc, activeOnly, ['?', '?']))));
      return s.all(limit, offset);
    },
    count(activeOnly) {
      let s = counts.get(activeOnly);
      if (!s) counts.set(activeOnly, (s = db.prepare(countSql(activeOnly))));
      return s.get()!.n;
    },
    close: () => {
      db.close();
    },
  };
}

/** PostgreSQL through a pg pool with named (server-side prepared) statements. */
export function postgresSource(url: string): Source {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // jsonb arrives parsed; the route wants the text form SQLite gives, to share toJson.
  const text = (sqlText: string) =>
    sqlText.replace(
      'groups, selected_advisors',
      'groups::text as groups, selected_advisors::text as selected_advisors',
    );
  return {
    async user(pk) {
      return (await pool.query<UserRow>({ name: 'bench-user', text: USER_SQL.replace('?', '$1'), values: [pk] }))
        .rows[0];
    },
    async page(column, desc, activeOnly, limit, offset) {
      const name = `bench-page-${column}-${desc}-${activeOnly}`;
      return (
        await pool.query<PlaceRow>({
          name,
          text: text(pageSql(column, desc, activeOnly, ['$1', '$2'])),
          values: [limit, offset],
        })
      ).rows;
    },
    async count(activeOnly) {
      return Number(
        (await pool.query<{ n: string }>({ name: `bench-count-${activeOnly}`, text: countSql(activeOnly) })).rows[0].n,
      );
    },
    close: () => pool.end(),
  };
}

/** The route on SQLite (`sqlite:<file>`) or PostgreSQL (`postgres://…`). */
export function handWrittenApp(
  databaseUrl: string,
  jwtSecret: string,
): { app: Express; close(): void | Promise<void> } {
  const source = databaseUrl.startsWith('postgres')
    ? postgresSource(databaseUrl)
    : sqliteSource(databaseUrl.replace(/^sqlite:/, ''));
  const secret = new TextEncoder().encode(jwtSecret);
  const app = express();
  app.disable('x-powered-by');
  app.use(helmet());
  app.get('/api/v1/dialogwatt/place/', async (req, res, next) => {
    try {
      let staff = false;
      const token = req.get('authorization')?.match(/^JWT\s+(\S+)$/i)?.[1];
      if (token) {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] }).catch(() => ({ payload: null }));
        const user = payload ? await source.user(Number(payload.sub)) : undefined;
        staff = Boolean(user?.is_active && user.group_active !== 0 && user.user_type && STAFF.has(user.user_type));
      }
      const sort = typeof req.query.sort === 'string' ? req.query.sort : 'name';
      const column = SORTS[sort.replace(/^-/, '')] ?? 'name';
      const perPage = Math.min(Math.max(1, intParam(req.query.perPage, 10)), 200);
      const page = Math.max(1, intParam(req.query.page, 1));
      const rows = await source.page(column, sort.startsWith('-'), !staff, perPage, (page - 1) * perPage);
      res.set('X-Total-Count', String(await source.count(!staff)));
      res.json(rows.map(toJson));
    } catch (e) {
      next(e);
    }
  });
  return { app, close: () => source.close() };
}
