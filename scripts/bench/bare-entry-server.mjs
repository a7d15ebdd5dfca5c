// The yardstick for `npm run bench:public`: a bare node:http handler that does what the campaign
// page's entry POST does at its core (read the form, insert one row under a unique index, count it,
// answer 303) and a GET that reads the campaign row and sends a small page; on a SQLite file with
// better-sqlite3, or on PostgreSQL with pg (the same database the app is measured on).
//   node scripts/bench/bare-entry-server.mjs <file.db | postgresql://…> <port>
import http from "node:http";

const [where, port] = process.argv.slice(2);
const SCHEMA = `CREATE TABLE IF NOT EXISTS campaign (id TEXT PRIMARY KEY, title TEXT, entry_count INTEGER NOT NULL DEFAULT 0);
  CREATE TABLE IF NOT EXISTS entry (id SERIAL_ID, campaign_id TEXT NOT NULL, email TEXT NOT NULL, created_at BIGINT NOT NULL,
    UNIQUE (campaign_id, email));`;

/** `read()` → the campaign row; `enter(email)` stores one entry (a repeat changes nothing). */
async function openDatabase() {
  if (/^postgres(ql)?:/.test(where)) {
    const { default: pg } = await import("pg");
    const pool = new pg.Pool({ connectionString: where, max: 10 });
    await pool.query(SCHEMA.replace("SERIAL_ID", "BIGSERIAL PRIMARY KEY"));
    await pool.query("INSERT INTO campaign (id, title) VALUES ('bare', 'Bare campaign') ON CONFLICT DO NOTHING");
    return {
      read: async () => (await pool.query("SELECT title, entry_count FROM campaign WHERE id = 'bare'")).rows[0],
      async enter(email) {
        const client = await pool.connect();
        try {
          await client.query("BEGIN");
          const inserted = await client.query(
            "INSERT INTO entry (campaign_id, email, created_at) VALUES ('bare', $1, $2) ON CONFLICT DO NOTHING",
            [email, Date.now()],
          );
          if (inserted.rowCount) await client.query("UPDATE campaign SET entry_count = entry_count + 1 WHERE id = 'bare'");
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK");
          throw error;
        } finally {
          client.release();
        }
      },
    };
  }
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(where);
  db.pragma("journal_mode = WAL");
  db.exec(SCHEMA.replace("SERIAL_ID", "INTEGER PRIMARY KEY"));
  db.exec("INSERT OR IGNORE INTO campaign (id, title) VALUES ('bare', 'Bare campaign')");
  const insert = db.prepare("INSERT INTO entry (campaign_id, email, created_at) VALUES ('bare', ?, ?)");
  const count = db.prepare("UPDATE campaign SET entry_count = entry_count + 1 WHERE id = 'bare'");
  const enter = db.transaction((email) => {
    insert.run(email, Date.now());
    count.run();
  });
  const read = db.prepare("SELECT title, entry_count FROM campaign WHERE id = 'bare'");
  return {
    // Synchronous, as a bare better-sqlite3 handler is: no promise between the request and its answer.
    read: () => read.get(),
    enter(email) {
      try {
        enter(email);
      } catch {
        // already entered: the same answer
      }
    },
  };
}

const db = await openDatabase();
const page = (res, row) =>
  res.writeHead(200, { "Content-Type": "text/html" }).end(`<!doctype html><h1>${row.title}</h1><p>${row.entry_count} entries so far</p>`);
const entered = (res) => res.writeHead(303, { Location: "/campaign/bare" }).end();
http
  .createServer((req, res) => {
    if (req.method === "GET") {
      const row = db.read();
      if (row instanceof Promise) row.then((value) => page(res, value));
      else page(res, row);
      return;
    }
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const done = db.enter(new URLSearchParams(body).get("email") ?? "");
      if (done instanceof Promise) done.then(() => entered(res));
      else entered(res);
    });
  })
  .listen(Number(port), "127.0.0.1", () => console.log("ready"));
