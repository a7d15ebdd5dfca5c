/**
 * A plain driver connection (better-sqlite3 or pg) to the database behind a Prisma client, for the
 * frozen entry list's bulk reads and writes only. Through Prisma, every Bytes value travels as
 * base64 and large results are copied several times; for a million entries (42 MiB) that garbage
 * added 200-300 MB to the freeze's and the draw's peak memory and about a second to the freeze.
 * Each use opens its own connection and closes it (one per freeze or list read, not per query).
 */
import Database from "better-sqlite3";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import {
  type DatabaseProvider,
  type PrismaClient,
  clientUrl,
  configureSqliteConnection,
  databaseProvider,
  sqliteFilePath,
  waitOutSqliteBusy,
} from "../core/db.server";

export interface ListDriver {
  readonly provider: DatabaseProvider;
  /** The rows as arrays of column values; placeholders are ? on SQLite and $1, $2, ... on PostgreSQL. */
  rows(sql: string, params?: readonly unknown[]): Promise<unknown[][]>;
  /**
   * The first column of the first row, a byte string (bytea or BLOB), or null without a row. On
   * PostgreSQL the bytes are asked for in binary form and arrive as text, one character per byte as
   * long as they are ASCII: half the time of the 'escape' text form and a third of hex. A value
   * holding any other byte is read again in hex, so the answer is always the stored bytes. `into`:
   * a buffer the text may be written into (and the answer be a view of), instead of a new one.
   */
  bytes(sql: string, params?: readonly unknown[], into?: Buffer): Promise<Uint8Array | null>;
  run(sql: string, params?: readonly unknown[]): Promise<void>;
  /** Runs the statements, in order, in one write transaction: all or none. */
  transaction(statements: readonly DriverStatement[]): Promise<void>;
  /**
   * Runs a transaction that reads as it writes, all or none: each statement `steps` yields is run
   * and its rows (none for a write) handed back to it; its return value is the answer. On SQLite the
   * generator runs synchronously once the write lock is taken, as `transaction`'s statements do, so
   * no other code of this process runs (and waits on the lock) while it is held. A throw rolls back.
   */
  transactionSteps<T>(steps: (options: StepsOptions) => Generator<DriverStatement, T, unknown[][]>): Promise<T>;
}

/** What a transactionSteps offers its steps. */
export interface StepsOptions {
  /** Whether a DriverStatement with `copy` can be run: on PostgreSQL when a second connection could be had (decision 116). */
  copies: boolean;
}

export interface DriverStatement {
  sql: string;
  params?: readonly unknown[];
  /**
   * For one of a file's block reads in transactionSteps: the next block's read, known from this one's
   * rows (null: this block was the last). The rows are the list's, which cannot change once frozen
   * (freeze.server.ts, step 1), so on PostgreSQL the driver runs these reads on a second connection
   * and starts the next one as soon as this one's rows arrive: the server builds block k + 1 while
   * this process reads block k and the transaction's connection writes the chunks (decision 114).
   */
  readAhead?: (rows: unknown[][]) => DriverStatement | null;
  /**
   * A write whose rows are not wanted: on PostgreSQL the steps go on without waiting for it (decision
   * 114); a failure still fails the transaction, with its own error.
   */
  write?: true;
  /**
   * A COPY (query) TO STDOUT of rows that cannot change (as for readAhead), run on the second
   * connection (decision 116); only when StepsOptions.copies. Yielded again and again, it is answered
   * each time with the next piece of the output, [[bytes]], and with no rows once the output is done.
   */
  copy?: true;
}

/** Pauses between two attempts at SQLite's write lock: 5 ms, doubling up to 100 ms. */
const SQLITE_LOCK_PAUSES = { firstPauseMs: 5, maxPauseMs: 100 };

/** Opens a driver connection to the client's database, runs `work` with it and closes it. */
export async function withListDriver<T>(client: PrismaClient, work: (driver: ListDriver) => Promise<T>): Promise<T> {
  const url = clientUrl(client);
  if (databaseProvider(url) === "postgresql") {
    const connection = new pg.Client({ connectionString: url });
    await connection.connect();
    try {
      return await work(postgresDriver(connection, url));
    } finally {
      await connection.end();
    }
  }
  // The file is already in WAL mode (createPrismaClient): this connection's reads never block writers.
  // No busy timeout: better-sqlite3 would wait for the write lock synchronously, freezing this
  // process's event loop while the lock's holder may be this very process (Prisma's connection, or
  // another freeze) waiting for that loop. sqliteDriver waits for it asynchronously instead.
  const connection = new Database(sqliteFilePath(url), { timeout: 0 });
  try {
    configureSqliteConnection(connection);
    return await work(sqliteDriver(connection));
  } finally {
    connection.close();
  }
}

/** About how many bytes of a COPY's output make one piece for the steps (DriverStatement.copy). */
const COPY_PIECE_BYTES = 256 * 1024;

/** Writes sent without waiting that may be queued at once (each holds its parameters, a chunk copy: 1 MiB). */
const WRITES_IN_FLIGHT = 4;

function postgresDriver(connection: pg.Client, url: string): ListDriver {
  return {
    provider: "postgresql",
    async rows(sql, params = []) {
      const result = await connection.query<unknown[]>({ text: sql, values: [...params], rowMode: "array" });
      return result.rows;
    },
    async bytes(sql, params = [], into) {
      // node-postgres decodes every column of a binary result as UTF-8 text.
      const binary: pg.QueryArrayConfig & { binary: true } = { text: sql, values: [...params], rowMode: "array", binary: true };
      const value = (await connection.query<unknown[]>(binary)).rows[0]?.[0];
      if (value === undefined || value === null) return null;
      // ASCII text: every character one byte in UTF-8 (and in latin1).
      if (typeof value === "string" && Buffer.byteLength(value, "utf8") === value.length) {
        if (!into || into.length < value.length) return Buffer.from(value, "latin1");
        return into.subarray(0, into.write(value, 0, "latin1"));
      }
      const [row] = (await connection.query<unknown[]>({ text: sql, values: [...params], rowMode: "array" })).rows;
      if (!(row?.[0] instanceof Uint8Array)) throw new Error("expected a byte string");
      return row[0];
    },
    async run(sql, params = []) {
      await connection.query(sql, [...params]);
    },
    async transaction(statements) {
      await connection.query("BEGIN");
      try {
        for (const statement of statements) await connection.query(statement.sql, [...(statement.params ?? [])]);
        await connection.query("COMMIT");
      } catch (error) {
        await connection.query("ROLLBACK").catch(() => undefined);
        throw error;
      }
    },
    async transactionSteps(steps) {
      const send = inOrder(connection);
      const reads = new ReadsAhead(url, send);
      const writes: Promise<unknown>[] = [];
      await connection.query("BEGIN");
      try {
        const generator = steps({ copies: await reads.connected() });
        let step = generator.next([]);
        while (!step.done) {
          const statement = step.value;
          if (statement.copy) {
            step = generator.next(await reads.copied(statement));
            continue;
          }
          if (statement.write) {
            // Its parameters copied: the caller may reuse its buffers once the step returns.
            const params = (statement.params ?? []).map((value) => (value instanceof Uint8Array ? Buffer.from(value) : value));
            const write = send(statement.sql, params);
            write.catch(() => undefined);
            writes.push(write);
            if (writes.length > WRITES_IN_FLIGHT) await writes.shift();
            step = generator.next([]);
            continue;
          }
          const rows = statement.readAhead ? await reads.rows(statement) : await send(statement.sql, [...(statement.params ?? [])]);
          step = generator.next(rows);
        }
        for (const write of writes) await write;
        await connection.query("COMMIT");
        return step.value;
      } catch (error) {
        // A write that failed makes every statement after it fail too ("current transaction is
        // aborted"): its own error is the one that says why.
        const failed = (await Promise.allSettled(writes)).find((write) => write.status === "rejected");
        await connection.query("ROLLBACK").catch(() => undefined);
        throw failed ? failed.reason : error;
      } finally {
        await reads.close();
      }
    },
  };
}

export type Send = (text: string, values: unknown[]) => Promise<unknown[][]>;

/**
 * The block reads of a PostgreSQL transactionSteps (DriverStatement.readAhead), on a connection of
 * their own, each next read started as soon as the one before it answers: at most one block waits
 * unasked for. When no second connection can be had (the server's connection limit), they go to the
 * transaction's own, in order with its statements: slower, as before decision 114, but the freeze runs.
 * The second connection also runs a transactionSteps' COPYs (DriverStatement.copy, decision 116);
 * without it there are none (StepsOptions.copies is false) and the steps read blocks.
 */
export class ReadsAhead {
  readonly #url: string;
  readonly #fallback: Send;
  #connection: Promise<pg.Client | null> | null = null;
  /** Where reads go once the connection is settled (its own, or the fallback); until then they wait for it. */
  #send: Send | null = null;
  #next: { key: string; rows: Promise<unknown[][]> } | null = null;
  #copy: { key: string; pieces: AsyncIterator<Buffer> } | null = null;

  constructor(url: string, fallback: Send) {
    this.#url = url;
    this.#fallback = fallback;
  }

  /**
   * The statement's rows: the read started ahead of it when it is the one expected, else a new read.
   * The next read is on its way to the server before this answers: the caller's work on these rows
   * (synchronous, until its next statement) is what it overlaps.
   */
  async rows(statement: DriverStatement): Promise<unknown[][]> {
    const key = statementKey(statement);
    const ahead = this.#next?.key === key ? this.#next.rows : null;
    this.#next = null;
    const rows = await (ahead ?? this.#read(statement));
    const next = statement.readAhead?.(rows) ?? null;
    if (next) this.#next = { key: statementKey(next), rows: this.#read(next) };
    return rows;
  }

  /** Whether the second connection could be had (it is opened if need be): without it, no COPY. */
  async connected(): Promise<boolean> {
    return (await this.#connect()) !== null;
  }

  /**
   * The next piece of a COPY ... TO STDOUT (DriverStatement.copy) as [[bytes]], started on the second
   * connection when it is not the one under way; no rows once its output is done. The pieces are
   * what the connection's stream has buffered, up to about COPY_PIECE_BYTES.
   */
  async copied(statement: DriverStatement): Promise<unknown[][]> {
    const key = statementKey(statement);
    if (this.#copy?.key !== key) {
      const connection = await this.#connect();
      if (!connection) throw new Error("A COPY needs the second connection, which could not be had");
      const stream = connection.query(copyTo(statement.sql, { highWaterMark: COPY_PIECE_BYTES }));
      this.#copy = { key, pieces: stream[Symbol.asyncIterator]() };
    }
    const next = await this.#copy.pieces.next();
    if (next.done) {
      this.#copy = null;
      return [];
    }
    return [[next.value]];
  }

  #connect(): Promise<pg.Client | null> {
    if (!this.#connection) {
      const connection = new pg.Client({ connectionString: this.#url });
      this.#connection = connection.connect().then(
        () => connection,
        () => null,
      );
    }
    return this.#connection;
  }

  #read(statement: DriverStatement): Promise<unknown[][]> {
    const params = [...(statement.params ?? [])];
    let rows: Promise<unknown[][]>;
    if (this.#send) {
      // Sent now, not a microtask later: a promise chain here would put the query on the socket only
      // after the caller's work on the block before it, and nothing would overlap.
      rows = this.#send(statement.sql, params);
    } else {
      const connecting = this.#connect();
      rows = connecting.then((connected) => {
        if (this.#connection !== connecting) throw new Error("closed");
        this.#send ??= connected ? inOrder(connected) : this.#fallback;
        return this.#send(statement.sql, params);
      });
    }
    // A read started ahead may never be asked for (the steps threw): its failure is nobody's.
    rows.catch(() => undefined);
    return rows;
  }

  async close(): Promise<void> {
    const connection = this.#connection;
    this.#connection = null;
    this.#send = null;
    this.#next = null;
    this.#copy = null;
    if (connection) await (await connection)?.end().catch(() => undefined);
  }
}

function statementKey(statement: DriverStatement): string {
  return JSON.stringify([statement.sql, statement.params ?? []]);
}

/**
 * Sends the connection's statements one after another (node-postgres no longer queues them itself);
 * answers each one's rows. A statement is handed to the connection at once when none is in flight.
 */
function inOrder(connection: pg.Client): Send {
  let last: Promise<unknown> = Promise.resolve();
  let inFlight = 0;
  return (text, values) => {
    const query = async () => (await connection.query<unknown[]>({ text, values, rowMode: "array" })).rows;
    const rows = inFlight === 0 ? query() : last.then(query);
    inFlight += 1;
    // Registered before any caller's: the count is down by the time a caller resumes.
    last = rows.then(
      () => (inFlight -= 1),
      () => (inFlight -= 1),
    );
    return rows;
  };
}

function sqliteDriver(connection: Database.Database): ListDriver {
  return {
    provider: "sqlite",
    rows(sql, params = []) {
      return Promise.resolve(
        connection
          .prepare(sql)
          .raw()
          .all(...params) as unknown[][],
      );
    },
    bytes(sql, params = []) {
      const row = connection
        .prepare(sql)
        .raw()
        .get(...params) as unknown[] | undefined;
      const value = row?.[0];
      if (value === undefined || value === null) return Promise.resolve(null);
      if (!(value instanceof Uint8Array)) return Promise.reject(new Error("expected a byte string"));
      return Promise.resolve(value);
    },
    run(sql, params = []) {
      connection.prepare(sql).run(...params);
      return Promise.resolve();
    },
    async transaction(statements) {
      const prepared = statements.map((statement) => ({ run: connection.prepare(statement.sql), params: statement.params ?? [] }));
      // IMMEDIATE: the write lock is taken up front, waiting for it between attempts without
      // blocking the event loop; then every statement runs synchronously, so no other code of this
      // process runs (and waits on this lock) while it is held.
      await waitOutSqliteBusy(() => connection.exec("BEGIN IMMEDIATE"), SQLITE_LOCK_PAUSES);
      try {
        for (const statement of prepared) statement.run.run(...statement.params);
        connection.exec("COMMIT");
      } catch (error) {
        if (connection.inTransaction) connection.exec("ROLLBACK");
        throw error;
      }
    },
    async transactionSteps(steps) {
      await waitOutSqliteBusy(() => connection.exec("BEGIN IMMEDIATE"), SQLITE_LOCK_PAUSES);
      try {
        const generator = steps({ copies: false });
        // A freeze asks for the same few texts hundreds of times (each block's read, each chunk's
        // insert): each is prepared once.
        const prepared = new Map<string, Database.Statement>();
        let step = generator.next([]);
        while (!step.done) {
          let statement = prepared.get(step.value.sql);
          if (!statement) {
            statement = connection.prepare(step.value.sql);
            prepared.set(step.value.sql, statement);
          }
          const params = step.value.params ?? [];
          let rows: unknown[][] = [];
          if (statement.reader) rows = statement.raw().all(...params) as unknown[][];
          else statement.run(...params);
          step = generator.next(rows);
        }
        connection.exec("COMMIT");
        return step.value;
      } catch (error) {
        if (connection.inTransaction) connection.exec("ROLLBACK");
        throw error;
      }
    },
  };
}

/** True when a driver error is a unique or primary key violation (another runner wrote the same row). */
export function isDriverUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "SQLITE_CONSTRAINT_UNIQUE";
}
