import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { connectionFailure, StartError } from '../lib/start-error.ts';

// One small interface over both engines, so repos write plain SQL once and it runs on the embedded
// PGlite and on real PostgreSQL alike.
export interface Queryable {
  /**
   * `name` makes it a prepared statement on PostgreSQL (parsed and planned once per connection):
   * for hot statements with a fixed shape only. PGlite ignores it.
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], name?: string): Promise<T[]>;
}

export interface Tx extends Queryable {
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Tx {
  kind: 'pglite' | 'postgres';
  /** Statements run through this handle so far (tests check for N+1 with it). */
  readonly queryCount: number;
  tx<T>(fn: (q: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// Counts and ids come back as JS numbers and strings on both engines.
pg.types.setTypeParser(20, (v) => Number(v)); // int8
pg.types.setTypeParser(1700, (v) => Number(v)); // numeric

/** Where the pool says that PostgreSQL dropped an idle connection (the app's JSON logger). */
export interface DbLog {
  warn(details: object, message: string): void;
}

const consoleLog: DbLog = {
  warn: (details, message) => console.warn(message, JSON.stringify(details)),
};

export async function openDb(
  databaseUrl: string | null,
  dataDir: string,
  log: DbLog = consoleLog,
): Promise<Db> {
  if (databaseUrl && databaseUrl !== 'memory') return openPostgres(databaseUrl, log);
  let dir: string | undefined;
  if (databaseUrl !== 'memory') {
    dir = path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  return openPglite(dir);
}

async function openPglite(dir?: string): Promise<Db> {
  const lite = await PGlite.create(dir, {
    extensions: { pg_trgm },
    parsers: { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) },
  });
  let count = 0;
  return {
    kind: 'pglite',
    get queryCount() {
      return count;
    },
    async query<T>(sql: string, params: unknown[] = []) {
      count += 1;
      return (await lite.query<T>(sql, params)).rows;
    },
    async exec(sql) {
      await lite.exec(sql);
    },
    async tx(fn) {
      return lite.transaction(async (t) =>
        fn({
          async query<T>(sql: string, params: unknown[] = []) {
            count += 1;
            return (await t.query<T>(sql, params)).rows;
          },
          async exec(sql: string) {
            await t.exec(sql);
          },
        }),
      );
    },
    async close() {
      await lite.close();
    },
  };
}

/** How long a start waits for the database before it gives up (a firewalled host never answers). */
const START_CONNECT_TIMEOUT_MS = 10_000;

/** The database's address for an operator: host, port and name, never the user or password. */
function databaseAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || 'localhost'}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'in DATABASE_URL';
  }
}

async function openPostgres(url: string, log: DbLog): Promise<Db> {
  // Fail at start, not on the first request, when the database cannot be reached: with one line
  // saying where and why (server/main.ts prints a StartError without a stack).
  const probe = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: START_CONNECT_TIMEOUT_MS,
  });
  try {
    await probe.connect();
  } catch (err) {
    throw new StartError(
      `Cannot connect to the database at ${databaseAddress(url)} (DATABASE_URL): ${connectionFailure(err)}`,
    );
  } finally {
    await probe.end().catch(() => {});
  }
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // An idle connection dropped by the server (restart, failover) must not crash the process: the
  // pool replaces it on the next query.
  pool.on('error', (err) =>
    log.warn({ reason: err.message }, 'postgres: idle connection lost (the pool opens another)'),
  );
  let count = 0;
  return {
    kind: 'postgres',
    get queryCount() {
      return count;
    },
    async query<T>(sql: string, params: unknown[] = [], name?: string) {
      count += 1;
      return (await pool.query({ text: sql, values: params, name })).rows as T[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query<T>(sql: string, params: unknown[] = [], name?: string) {
            count += 1;
            return (await client.query({ text: sql, values: params, name })).rows as T[];
          },
          async exec(sql: string) {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
