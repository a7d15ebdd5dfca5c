/**
 * A fake RFC 3161 time-stamp authority on 127.0.0.1 (decision 090): POST application/timestamp-query,
 * answered application/timestamp-reply by `openssl ts -reply` with a test CA and a time-stamping
 * certificate made by openssl in a temporary folder when the test starts. Real DER both ways; the
 * time is the machine's. `down` answers 503, as an authority that is unavailable.
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { rm, readFile, writeFile } from "node:fs/promises";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface TestTsaCa {
  dir: string;
  /** The root certificate (PEM) the verifiers are told to trust in tests. */
  rootPem: string;
}

/** A root CA and a TSA certificate it signs (EKU timeStamping, critical), in a fresh folder. */
export function makeTestTsaCa(name: string): TestTsaCa {
  const dir = mkdtempSync(path.join(tmpdir(), `tsa-${name}-`));
  const at = (file: string) => path.join(dir, file);
  const openssl = (...args: string[]) => execFileSync("openssl", args, { stdio: "pipe" });
  openssl(
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    at("ca.key"),
    "-out",
    at("ca.pem"),
    "-days",
    "3650",
    "-subj",
    `/CN=${name} Test TSA Root`,
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign,cRLSign",
  );
  openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", at("tsa.key"), "-out", at("tsa.csr"), "-subj", `/CN=${name} Test TSA`);
  writeFileSync(at("ext.cnf"), "basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n");
  openssl(
    "x509",
    "-req",
    "-in",
    at("tsa.csr"),
    "-CA",
    at("ca.pem"),
    "-CAkey",
    at("ca.key"),
    "-CAcreateserial",
    "-out",
    at("tsa.pem"),
    "-days",
    "3650",
    "-extfile",
    at("ext.cnf"),
  );
  writeFileSync(at("serial"), "01\n");
  writeFileSync(
    at("tsa.cnf"),
    [
      "[ tsa ]",
      "default_tsa = tsa_config",
      "[ tsa_config ]",
      `serial = ${at("serial")}`,
      "crypto_device = builtin",
      `signer_cert = ${at("tsa.pem")}`,
      `certs = ${at("ca.pem")}`,
      `signer_key = ${at("tsa.key")}`,
      "signer_digest = sha256",
      "default_policy = 1.2.3.4.1",
      "digests = sha256",
      "accuracy = secs:1",
      "ordering = no",
      "tsa_name = no",
      "ess_cert_id_chain = no",
      "ess_cert_id_alg = sha256",
      "",
    ].join("\n"),
  );
  return { dir, rootPem: readFileSync(at("ca.pem"), "utf8") };
}

export interface FakeTsa {
  url: string;
  /** Answer 503 to every request while true. */
  down: boolean;
  requests: number;
  close(): Promise<void>;
}

export async function startFakeTsa(ca: TestTsaCa): Promise<FakeTsa> {
  let seq = 0;
  /** The replies made so far, in order (see below). */
  let turn: Promise<void> = Promise.resolve();
  const prefix = Math.random().toString(36).slice(2, 8);
  // Its own serial file: two authorities of one CA (tests start several) would otherwise share it.
  const serial = path.join(ca.dir, `${prefix}-serial`);
  const config = path.join(ca.dir, `${prefix}-tsa.cnf`);
  await writeFile(serial, "01\n");
  await writeFile(config, (await readFile(path.join(ca.dir, "tsa.cnf"), "utf8")).replace(/^serial = .*$/m, `serial = ${serial}`));
  const state = { down: false, requests: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      state.requests += 1;
      if (state.down) {
        res.writeHead(503).end("down");
        return;
      }
      if (req.method !== "POST" || req.headers["content-type"] !== "application/timestamp-query") {
        res.writeHead(400).end("expected a POST of application/timestamp-query");
        return;
      }
      const n = (seq += 1);
      const query = path.join(ca.dir, `${prefix}-q${n}.der`);
      const reply = path.join(ca.dir, `${prefix}-r${n}.der`);
      // One `openssl ts -reply` at a time per authority: each reads and rewrites the serial file, and two
      // at once collide (one answers "rejection", status 2), as a real TSA's counter would not.
      const answer = async () => {
        try {
          await writeFile(query, Buffer.concat(chunks));
          await run("openssl", ["ts", "-reply", "-config", config, "-queryfile", query, "-out", reply]);
          const body = await readFile(reply);
          res.writeHead(200, { "content-type": "application/timestamp-reply" }).end(body);
        } catch (error) {
          res.writeHead(500).end(String(error));
        }
      };
      turn = turn.then(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tsr`,
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    get requests() {
      return state.requests;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function removeTestTsaCa(ca: TestTsaCa): Promise<void> {
  await rm(ca.dir, { recursive: true, force: true });
}
