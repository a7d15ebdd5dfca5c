// The yardstick for `npm run bench:public`: a bare node:http handler that does what the campaign
// page's entry POST does at its core (read the form, insert one row under a unique index with
// better-sqlite3, answer 303) and a GET that reads the campaign row and sends a small page.
import http from "node:http";
import Database from "better-sqlite3";

const [file, port] = process.argv.slice(2);
const db = new Database(file);
db.pragma("journal_mode = WAL");
db.exec(`CREATE TABLE IF NOT EXISTS campaign (id TEXT PRIMARY KEY, title TEXT, entry_count INTEGER NOT NULL DEFAULT 0);
  CREATE TABLE IF NOT EXISTS entry (id INTEGER PRIMARY KEY, campaign_id TEXT NOT NULL, email TEXT NOT NULL, created_at INTEGER NOT NULL,
    UNIQUE (campaign_id, email));
  INSERT OR IGNORE INTO campaign (id, title) VALUES ('bare', 'Bare campaign');`);
const insert = db.prepare("INSERT INTO entry (campaign_id, email, created_at) VALUES ('bare', ?, ?)");
const count = db.prepare("UPDATE campaign SET entry_count = entry_count + 1 WHERE id = 'bare'");
const enter = db.transaction((email) => {
  insert.run(email, Date.now());
  count.run();
});
const read = db.prepare("SELECT title, entry_count FROM campaign WHERE id = 'bare'");

http
  .createServer((req, res) => {
    if (req.method === "GET") {
      const row = read.get();
      res
        .writeHead(200, { "Content-Type": "text/html" })
        .end(`<!doctype html><h1>${row.title}</h1><p>${row.entry_count} entries so far</p>`);
      return;
    }
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const email = new URLSearchParams(body).get("email") ?? "";
      try {
        enter(email);
      } catch {
        // already entered: the same answer
      }
      res.writeHead(303, { Location: "/campaign/bare" }).end();
    });
  })
  .listen(Number(port), "127.0.0.1", () => console.log("ready"));
