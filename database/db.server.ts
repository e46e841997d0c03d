import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql, type PostgresPool, type PostgresPoolClient } from "kysely";
import pg from "pg";
import { openSqliteReader } from "./sqlite-reader.server";
import type { Database } from "./schema";

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  /**
   * For long reads that write nothing (the owner's lists and figures): on SQLite a read-only
   * connection in a worker thread, so they never hold the request thread; on PostgreSQL the pool.
   */
  reader: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema the connection works in, when not the default. */
  schema?: string;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL only: schema to create and put first on the search path (tests use one per run). */
  schema?: string;
  /** PostgreSQL only: pool size. */
  maxConnections?: number;
  /**
   * PostgreSQL only: send writes as named prepared statements (default true). Turn off behind a
   * pooler in transaction mode that does not track them (PgBouncer before 1.21).
   */
  preparedStatements?: boolean;
}

export function dialectOf(url: string): Dialect {
  return /^postgres(ql)?:\/\//.test(url) ? "postgres" : "sqlite";
}

// pg returns int8 (COUNT, SUM) as strings; our sums of cents fit safely in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export async function openDatabase(url: string, options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (dialectOf(url) === "postgres") return openPostgres(url, options);
  return openSqlite(url);
}

/**
 * Sized for a shop file of several GB (docs/decisions/030-sqlite-tuning.md, measured with
 * `npm run bench:scale`): more pages kept in memory per connection, reads through a memory map
 * instead of a copy per page, sorts and temporary b-trees in memory, and a WAL that checkpoints
 * at SQLite's default 1,000 pages and is truncated back to 64 MB after a checkpoint.
 */
const SQLITE_TUNING = [
  "cache_size = -65536",
  "mmap_size = 268435456",
  "temp_store = MEMORY",
  "wal_autocheckpoint = 1000",
  "journal_size_limit = 67108864",
];

function openSqlite(url: string): DatabaseHandle {
  const file = url.replace(/^file:/, "");
  if (file !== ":memory:") {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
    // Customer data: readable by the server's user only, whatever the umask. SQLite gives the WAL
    // and shared-memory files the database file's mode; older ones are tightened here too.
    fs.closeSync(fs.openSync(file, "a", 0o600));
    for (const f of [file, `${file}-wal`, `${file}-shm`]) if (fs.existsSync(f)) fs.chmodSync(f, 0o600);
  }
  const connection = new SQLite(file);
  // WAL lets readers run beside the single writer; busy_timeout queues writers instead of failing.
  connection.pragma("journal_mode = WAL");
  connection.pragma("foreign_keys = ON");
  connection.pragma("busy_timeout = 5000");
  connection.pragma("synchronous = NORMAL");
  for (const setting of SQLITE_TUNING) connection.pragma(setting);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(connection) }) });
  // Another thread cannot see a private in-memory database: there the reader is the connection itself.
  const reader = file === ":memory:" ? db : openSqliteReader(path.resolve(file), SQLITE_TUNING);
  return {
    db,
    reader,
    dialect: "sqlite",
    destroy: async () => {
      if (reader !== db) await reader.destroy();
      await db.destroy();
    },
  };
}

/**
 * Kysely's SQLite driver prepares every query anew; preparing was a third of the time a
 * checkout spent in SQLite. Kysely's SQL text is stable per query shape (values are bound), so
 * prepared statements are kept by text and reused — safe because the driver runs each one to
 * completion synchronously. Bounded, oldest out first.
 */
function withStatementCache(connection: SQLite.Database, limit = 500) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => connection.close(),
    prepare(text: string) {
      // Kysely opens transactions with a plain (deferred) BEGIN: with several processes on one
      // file, two of them upgrading to a write lock fail at once with "database is locked".
      // BEGIN IMMEDIATE takes the write lock up front and waits (busy_timeout) for it instead.
      const sql = text === "begin" ? "begin immediate" : text;
      let statement = statements.get(sql);
      if (!statement) {
        statement = connection.prepare(sql);
        statements.set(sql, statement);
        if (statements.size > limit) statements.delete(statements.keys().next().value!);
      }
      return statement;
    },
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const schema = options.schema;
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name: ${schema}`);
  if (schema) {
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    try {
      await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    // Fail fast (and answer 503) when the server is down instead of queueing requests forever.
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    options: schema ? `-c search_path=${schema}` : undefined,
  });
  // An idle client whose server went away emits "error"; without a listener that would crash the process.
  pool.on("error", () => {});
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: options.preparedStatements === false ? pool : withPreparedWrites(pool) }),
  });
  return { db, reader: db, dialect: "postgres", schema, destroy: () => db.destroy() };
}

/**
 * PostgreSQL parses and plans every unnamed statement anew; for the small inserts and updates of
 * a checkout that was a good part of its work (a named insert ran ~25 % faster here). Kysely's
 * SQL text is stable per query shape, so each distinct write text gets a name once per process
 * and every connection prepares it on first use (pg tracks that per connection).
 * Only INSERT/UPDATE/DELETE without RETURNING: they have no result row type, so a column added by
 * another instance's migration cannot break them ("cached plan must not change result type").
 * Bounded: texts beyond `limit` (e.g. large IN lists) go unnamed.
 */
function withPreparedWrites(pool: pg.Pool, limit = 300): PostgresPool {
  const names = new Map<string, string>();
  const nameFor = (text: string): string | undefined => {
    let name = names.get(text);
    if (name || names.size >= limit || !/^(insert|update|delete) /.test(text) || / returning /.test(text)) return name;
    name = `lr_w${names.size}`;
    names.set(text, name);
    return name;
  };
  return {
    async connect() {
      const client = await pool.connect();
      return {
        query: ((sqlOrCursor: string | object, parameters?: readonly unknown[]) =>
          typeof sqlOrCursor === "string"
            ? client.query({ text: sqlOrCursor, values: parameters ? [...parameters] : [], name: nameFor(sqlOrCursor) })
            : client.query(sqlOrCursor as never)) as unknown as PostgresPoolClient["query"],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}

/** One round trip, used by the health check. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
