import { Worker } from "node:worker_threads";
import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from "kysely";
import type { Database } from "./schema";

/**
 * The reader's side: one read-only connection in a worker thread, answering one statement per
 * message in the order they come. CommonJS text run with `eval`, so it needs no file of its own
 * in the server bundle; `better-sqlite3` resolves from the shop's node_modules.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const SQLite = require("better-sqlite3");
const db = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
for (const setting of workerData.pragmas) db.pragma(setting);
const statements = new Map();
parentPort.on("message", ({ id, sql, parameters }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > 200) statements.delete(statements.keys().next().value);
    }
    if (!statement.reader) throw new Error("the reader connection only reads");
    parentPort.postMessage({ id, rows: statement.all(parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error.message, code: error.code } });
  }
});
`;

interface Reply {
  id: number;
  rows?: unknown[];
  error?: { message: string; code?: string };
}

/** Sends statements to the worker and hands each reply to its caller; a worker that dies is started again. */
class ReaderWorker {
  private worker: Worker | null = null;
  private next = 0;
  private readonly pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (e: Error) => void }>();

  constructor(
    private readonly file: string,
    private readonly pragmas: readonly string[],
  ) {}

  private start(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file: this.file, pragmas: this.pragmas } });
    // Never what keeps the process alive: the server's shutdown ends it through `destroy`.
    worker.unref();
    worker.on("message", (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.error) waiting.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
      else waiting.resolve(reply.rows ?? []);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const [id, waiting] of this.pending) {
        this.pending.delete(id);
        waiting.reject(error);
      }
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`the SQLite reader stopped (exit ${code})`)));
    return worker;
  }

  query(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    this.worker ??= this.start();
    const id = this.next++;
    const worker = this.worker;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, sql, parameters });
    });
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}

class ReaderConnection implements DatabaseConnection {
  constructor(private readonly worker: ReaderWorker) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return { rows: (await this.worker.query(compiled.sql, compiled.parameters)) as R[] };
  }

  // eslint-disable-next-line require-yield -- part of Kysely's interface; the reader never streams
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("the SQLite reader does not stream");
  }
}

class ReaderDriver implements Driver {
  private readonly connection: ReaderConnection;

  constructor(private readonly worker: ReaderWorker) {
    this.connection = new ReaderConnection(worker);
  }

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error("the SQLite reader runs no transactions: write through the main connection");
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {
    await this.worker.stop();
  }
}

/**
 * A Kysely for long reads (the owner's pages) on a read-only connection of its own in a worker
 * thread: better-sqlite3 is synchronous, so a 400 ms statement on the request thread held every
 * shopper's request for 400 ms (decision 031). WAL lets it read beside the writer; each statement
 * sees everything committed before it starts.
 */
export function openSqliteReader(file: string, pragmas: readonly string[]): Kysely<Database> {
  const worker = new ReaderWorker(file, pragmas);
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new ReaderDriver(worker),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
}
