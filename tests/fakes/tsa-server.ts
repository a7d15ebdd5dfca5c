/**
 * A fake RFC 3161 time-stamp authority on 127.0.0.1 (decision 090): POST application/timestamp-query,
 * answered application/timestamp-reply by `openssl ts -reply` with a test CA and a time-stamping
 * certificate made by openssl in a temporary folder when the test starts. Real DER both ways; the
 * time is the machine's unless the test sets `clock`: then the token's genTime is the clock's and the
 * token is signed again with the authority's key (RFC 3161 as before: the ESS attributes stay, the
 * messageDigest follows the new TSTInfo), so a test can run a draw's whole timeline on its own clock.
 * `down` answers 503, as an authority that is unavailable.
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { rm, readFile, writeFile } from "node:fs/promises";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { createHash, webcrypto } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

const run = promisify(execFile);

export interface TestTsaCa {
  dir: string;
  /** The root certificate (PEM) the verifiers are told to trust in tests. */
  rootPem: string;
}

/**
 * A root CA and a TSA certificate it signs (EKU timeStamping, critical), in a fresh folder. Both are
 * valid from 2020 to 2036 (`openssl ca`, which can date a certificate back): a test that sets the
 * authority's clock may date tokens in the past.
 */
export function makeTestTsaCa(name: string): TestTsaCa {
  const dir = mkdtempSync(path.join(tmpdir(), `tsa-${name}-`));
  const at = (file: string) => path.join(dir, file);
  const openssl = (...args: string[]) => execFileSync("openssl", args, { stdio: "pipe" });
  mkdirSync(at("issued"));
  writeFileSync(at("index.txt"), "");
  writeFileSync(at("ca-serial"), "1000\n");
  writeFileSync(
    at("ca.cnf"),
    [
      "[ ca ]",
      "default_ca = test_ca",
      "[ test_ca ]",
      `database = ${at("index.txt")}`,
      `new_certs_dir = ${at("issued")}`,
      `serial = ${at("ca-serial")}`,
      "default_md = sha256",
      "policy = any_name",
      "unique_subject = no",
      "[ any_name ]",
      "commonName = supplied",
      "[ root_ext ]",
      "basicConstraints = critical,CA:TRUE",
      "keyUsage = critical,keyCertSign,cRLSign",
      "subjectKeyIdentifier = hash",
      "[ tsa_ext ]",
      "basicConstraints = CA:FALSE",
      "keyUsage = critical,digitalSignature",
      "extendedKeyUsage = critical,timeStamping",
      "subjectKeyIdentifier = hash",
      "authorityKeyIdentifier = keyid",
      "",
    ].join("\n"),
  );
  const sign = (csr: string, out: string, extensions: string, issuer: string[]) =>
    openssl(
      "ca",
      "-batch",
      "-config",
      at("ca.cnf"),
      ...issuer,
      "-keyfile",
      at("ca.key"),
      "-in",
      at(csr),
      "-out",
      at(out),
      "-startdate",
      "20200101000000Z",
      "-enddate",
      "20360101000000Z",
      "-extensions",
      extensions,
      "-notext",
    );
  openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", at("ca.key"), "-out", at("ca.csr"), "-subj", `/CN=${name} Test TSA Root`);
  sign("ca.csr", "ca.pem", "root_ext", ["-selfsign"]);
  openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", at("tsa.key"), "-out", at("tsa.csr"), "-subj", `/CN=${name} Test TSA`);
  sign("tsa.csr", "tsa.pem", "tsa_ext", ["-cert", at("ca.pem")]);
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
  /** The authority's clock (ms) for genTime; null: the machine's. */
  clock: (() => number) | null;
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
  const state: { down: boolean; requests: number; clock: (() => number) | null } = { down: false, requests: 0, clock: null };
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
          const made = await readFile(reply);
          const body = state.clock ? await redated(made, new Date(state.clock()), path.join(ca.dir, "tsa.key")) : made;
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
    get clock() {
      return state.clock;
    },
    set clock(value: (() => number) | null) {
      state.clock = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const MESSAGE_DIGEST = "1.2.840.113549.1.9.4";

/** `openssl ts -reply`'s answer with its TSTInfo's genTime set to `at`, signed again by the authority's key. */
async function redated(reply: Buffer, at: Date, keyFile: string): Promise<Buffer> {
  const response = pkijs.TimeStampResp.fromBER(new Uint8Array(reply));
  if (!response.timeStampToken) return reply;
  const signed = new pkijs.SignedData({ schema: response.timeStampToken.content });
  const info = pkijs.TSTInfo.fromBER(signed.encapContentInfo.eContent!.getValue());
  info.genTime = at;
  const tstInfo = info.toSchema().toBER(false);
  signed.encapContentInfo.eContent = new asn1js.OctetString({ valueHex: tstInfo });
  const signer = signed.signerInfos[0]!;
  const digest = signer.signedAttrs!.attributes.find((attribute) => attribute.type === MESSAGE_DIGEST)!;
  digest.values = [new asn1js.OctetString({ valueHex: new Uint8Array(createHash("sha256").update(new Uint8Array(tstInfo)).digest()) })];
  const pem = await readFile(keyFile, "utf8");
  const pkcs8 = Buffer.from(pem.replace(/-----(BEGIN|END) PRIVATE KEY-----|\s/g, ""), "base64");
  const key = await webcrypto.subtle.importKey("pkcs8", pkcs8, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["sign"]);
  // pkijs signs the attributes as it read them unless told they changed.
  signer.signedAttrs!.encodedValue = new ArrayBuffer(0);
  await signed.sign(key as CryptoKey, 0, "SHA-256");
  response.timeStampToken = new pkijs.ContentInfo({ contentType: pkijs.ContentInfo.SIGNED_DATA, content: signed.toSchema(true) });
  return Buffer.from(response.toSchema().toBER(false));
}

export async function removeTestTsaCa(ca: TestTsaCa): Promise<void> {
  await rm(ca.dir, { recursive: true, force: true });
}

export interface FakeTsaPair {
  ca: TestTsaCa;
  a: FakeTsa;
  b: FakeTsa;
  /** TSA_URLS for the pair. */
  urls: string[];
  close(): Promise<void>;
}

/**
 * Two independent authorities under one test CA named `name`, dating their tokens by `clock` (tests
 * that run a whole draw on a clock of their own: procedure 5 wants at least two tokens per hash).
 */
export async function startFakeTsaPair(name: string, clock: () => number): Promise<FakeTsaPair> {
  const ca = makeTestTsaCa(name);
  const a = await startFakeTsa(ca);
  const b = await startFakeTsa(ca);
  a.clock = b.clock = clock;
  return {
    ca,
    a,
    b,
    urls: [a.url, b.url],
    async close() {
      await Promise.all([a.close(), b.close()]);
      await removeTestTsaCa(ca);
    },
  };
}
