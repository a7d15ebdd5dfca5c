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
   * PostgreSQL the query runs as a COPY in binary format, whose bytea values arrive as their raw
   * bytes: a query's binary result arrives decoded as UTF-8 text in node-postgres, and decoding a
   * draw's 180 MB of chunks took about a second (decision 121).
   */
  bytes(sql: string, params?: readonly unknown[]): Promise<Uint8Array | null>;
  /**
   * The rows of a query of two columns, an integer and a byte string (a file's chunk rows: "index",
   * "bytes"), in the query's order, each handed over as it arrives. A row's bytes may be a view of a
   * buffer the next row reuses. On PostgreSQL one binary COPY streams them all (no round trip per
   * chunk); on SQLite the statement is stepped row by row. Nothing else may use the connection until
   * the rows are done; after an iteration left early, only closing it (as withListDriver does).
   */
  chunkRows(sql: string, params?: readonly unknown[]): AsyncGenerator<[number, Uint8Array]>;
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

/** A value written into a statement as a literal, where a statement takes no parameters (COPY). */
export function sqlLiteral(value: unknown): string {
  if (Array.isArray(value)) return `ARRAY[${value.map(sqlLiteral).join(", ")}]::text[]`;
  if (typeof value === "string") return pg.escapeLiteral(value);
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  throw new TypeError(`No literal for a parameter of type ${typeof value}`);
}

/** PostgreSQL's binary COPY signature: "PGCOPY\n\xff\r\n\0". */
const BINARY_COPY_SIGNATURE = Buffer.from("5047434f50590aff0d0a00", "hex");

/**
 * The tuples of a COPY ... TO STDOUT (FORMAT binary) output as its pieces arrive: `push` a piece, then
 * `next` until it answers null (no whole tuple left). Each answer's fields are views of a buffer the
 * next `push` may reuse; a null field is null.
 */
export class BinaryCopyTuples {
  #buffer = Buffer.allocUnsafe(0);
  #start = 0;
  #end = 0;
  #header = false;
  /** Whether the end marker (a field count of -1) was read. */
  ended = false;

  push(piece: Buffer): void {
    // Appended where there is room; else what is left unread moves to the buffer's start (a larger
    // buffer if need be) first. Moving it on every piece copied a long row again with each piece.
    if (this.#end + piece.length > this.#buffer.length) {
      const left = this.#end - this.#start;
      const target =
        left + piece.length > this.#buffer.length
          ? Buffer.allocUnsafe(Math.max(2 * this.#buffer.length, left + piece.length))
          : this.#buffer;
      this.#buffer.copy(target, 0, this.#start, this.#end);
      this.#buffer = target;
      this.#start = 0;
      this.#end = left;
    }
    piece.copy(this.#buffer, this.#end);
    this.#end += piece.length;
  }

  next(): (Buffer | null)[] | null {
    const bytes = this.#buffer.subarray(0, this.#end);
    let at = this.#start;
    if (!this.#header) {
      if (this.#end - at < 19) return null;
      if (!bytes.subarray(at, at + 11).equals(BINARY_COPY_SIGNATURE)) throw new Error("Not a binary COPY output");
      const extension = bytes.readUInt32BE(at + 15);
      if (this.#end - at < 19 + extension) return null;
      this.#start = at += 19 + extension;
      this.#header = true;
    }
    if (this.ended || this.#end - at < 2) return null;
    const count = bytes.readInt16BE(at);
    if (count === -1) {
      this.ended = true;
      this.#start = at + 2;
      return null;
    }
    at += 2;
    const fields: (Buffer | null)[] = [];
    for (let k = 0; k < count; k++) {
      if (this.#end - at < 4) return null;
      const length = bytes.readInt32BE(at);
      at += 4;
      if (length === -1) {
        fields.push(null);
        continue;
      }
      if (this.#end - at < length) return null;
      fields.push(bytes.subarray(at, at + length));
      at += length;
    }
    this.#start = at;
    return fields;
  }
}

/** About how many bytes of a COPY's output make one piece for the steps (DriverStatement.copy). */
const COPY_PIECE_BYTES = 256 * 1024;

/** Writes sent without waiting that may be queued at once (each holds its parameters, a chunk copy: 1 MiB). */
const WRITES_IN_FLIGHT = 4;

function postgresDriver(connection: pg.Client, url: string): ListDriver {
  /** A query's rows as the pieces of a binary COPY's output. COPY takes no parameters: they are written into it as literals. */
  const binaryCopy = (sql: string, params: readonly unknown[]) =>
    connection.query(
      copyTo(`COPY (${sql.replace(/\$(\d+)/g, (_, n: string) => sqlLiteral(params[Number(n) - 1]))}) TO STDOUT (FORMAT binary)`),
    );
  return {
    provider: "postgresql",
    async rows(sql, params = []) {
      const result = await connection.query<unknown[]>({ text: sql, values: [...params], rowMode: "array" });
      return result.rows;
    },
    async bytes(sql, params = []) {
      const tuples = new BinaryCopyTuples();
      for await (const piece of binaryCopy(sql, params)) tuples.push(piece);
      // A view of the buffer of this read alone.
      const value = tuples.next()?.[0];
      if (!tuples.ended && value === undefined) throw new Error("A binary COPY output ended inside a row");
      return value ?? null;
    },
    async *chunkRows(sql, params = []) {
      // Left early, the COPY's stream is destroyed with the iteration: the connection is then only closed.
      const tuples = new BinaryCopyTuples();
      for await (const piece of binaryCopy(sql, params) as AsyncIterable<Buffer>) {
        tuples.push(piece);
        for (let fields = tuples.next(); fields; fields = tuples.next()) {
          const [index, bytes] = fields;
          if (!index || index.length !== 4 || !bytes) throw new Error("expected an integer and a byte string");
          yield [index.readInt32BE(0), bytes];
        }
      }
      if (!tuples.ended) throw new Error("A binary COPY output ended inside a row");
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
    async *chunkRows(sql, params = []) {
      for (const row of connection
        .prepare(sql)
        .raw()
        .iterate(...params) as IterableIterator<unknown[]>) {
        const [index, bytes] = row;
        if (!(bytes instanceof Uint8Array)) throw new Error("expected a byte string");
        yield [Number(index), bytes];
      }
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
