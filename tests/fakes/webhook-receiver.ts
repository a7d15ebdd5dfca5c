/**
 * A brand's webhook receiver on 127.0.0.1 (decision 055): real HTTP, records every request with its
 * headers and raw body, and checks the Giveawear-Signature with the verification snippet exactly as
 * the page and the README publish it (VERIFY_SNIPPET, run in a fresh context).
 *
 * How it answers is up to the test, for the next requests in turn (`next`) or for all others
 * (`answer`): a status, a redirect, a slow answer, a huge body, or `hold` (no answer until the test
 * calls `release`, or until the sender hangs up: a sender killed mid-request).
 */
import { EventEmitter, once } from "node:events";
import type http from "node:http";
import { fakeHttpServer } from "./http-server";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import vm from "node:vm";
import { VERIFY_SNIPPET } from "~/domain/webhooks";

export type ReceiverMode =
  | { kind: "status"; status: number }
  | { kind: "redirect"; status: 301 | 302 | 307 | 308; location: string }
  | { kind: "slow"; ms: number; status?: number }
  | { kind: "large"; bytes: number; status?: number }
  | { kind: "hold" };

export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  eventId: string | undefined;
  signature: string | undefined;
  /** The published snippet's verdict with the receiver's secret(s). */
  validSignature: boolean;
  event: { id: string; type: string; created: number; data: Record<string, unknown> } | null;
  /** The status this receiver answered, or null while it has not (held, or the sender hung up first). */
  answered: number | null;
  /** The sender closed the connection before the answer was complete. */
  senderHungUp: boolean;
}

type Verify = (rawBody: string | Buffer, header: string | null | undefined, secret: string) => boolean;

const verify = vm.runInContext(
  `${VERIFY_SNIPPET}\nverifyGiveawearSignature;`,
  vm.createContext({ require: createRequire(import.meta.url), Buffer }),
) as Verify;

export interface WebhookReceiver {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** A URL on this receiver (default path /hooks). */
  url(path?: string): string;
  requests: ReceivedWebhook[];
  /** The secrets signatures are checked against (any one may match). */
  secrets: string[];
  /** How to answer every request not covered by `next` (default 200). */
  answer(mode: ReceiverMode): void;
  /** How to answer the next request(s), in order. */
  next(...modes: ReceiverMode[]): void;
  /** Answers every held request with this status. */
  release(status?: number): void;
  /** Resolves once `count` requests (matching `filter`) have arrived. */
  waitForRequests(count: number, filter?: (request: ReceivedWebhook) => boolean, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(options: { port?: number; secrets?: string[] } = {}): Promise<WebhookReceiver> {
  const requests: ReceivedWebhook[] = [];
  const events = new EventEmitter();
  let fallback: ReceiverMode = { kind: "status", status: 200 };
  const queue: ReceiverMode[] = [];
  const held: { request: ReceivedWebhook; response: http.ServerResponse }[] = [];
  const receiver = {} as WebhookReceiver;

  const server = fakeHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const signature = req.headers["giveawear-signature"] as string | undefined;
      let event: ReceivedWebhook["event"] = null;
      try {
        event = JSON.parse(body) as ReceivedWebhook["event"];
      } catch {
        event = null;
      }
      const record: ReceivedWebhook = {
        path: req.url ?? "/",
        headers: req.headers,
        body,
        eventId: req.headers["giveawear-event-id"] as string | undefined,
        signature,
        validSignature: receiver.secrets.some((secret) => verify(body, signature, secret)),
        event,
        answered: null,
        senderHungUp: false,
      };
      requests.push(record);
      res.on("close", () => {
        if (!res.writableFinished) record.senderHungUp = true;
      });
      const mode = queue.shift() ?? fallback;
      const finish = (status: number, text = "ok") => {
        if (res.destroyed) return;
        record.answered = status;
        res.writeHead(status, { "Content-Type": "text/plain" }).end(text);
      };
      switch (mode.kind) {
        case "status":
          finish(mode.status);
          break;
        case "redirect":
          record.answered = mode.status;
          res.writeHead(mode.status, { Location: mode.location }).end();
          break;
        case "slow":
          setTimeout(() => finish(mode.status ?? 200), mode.ms).unref();
          break;
        case "large": {
          record.answered = mode.status ?? 200;
          res.writeHead(mode.status ?? 200, { "Content-Type": "application/octet-stream", "Content-Length": String(mode.bytes) });
          const piece = Buffer.alloc(16 * 1024, 120);
          let sent = 0;
          const pump = () => {
            while (sent < mode.bytes && !res.destroyed) {
              const size = Math.min(piece.length, mode.bytes - sent);
              sent += size;
              if (!res.write(piece.subarray(0, size))) {
                res.once("drain", pump);
                return;
              }
            }
            if (!res.destroyed) res.end();
          };
          pump();
          break;
        }
        case "hold":
          held.push({ request: record, response: res });
          break;
      }
      events.emit("request", record);
    });
  });
  server.listen(options.port ?? 0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  Object.assign(receiver, {
    origin,
    url: (path = "/hooks") => `${origin}${path}`,
    requests,
    secrets: options.secrets ?? [],
    answer(mode: ReceiverMode) {
      fallback = mode;
    },
    next(...modes: ReceiverMode[]) {
      queue.push(...modes);
    },
    release(status = 200) {
      for (const { request, response } of held.splice(0)) {
        if (response.destroyed) continue;
        request.answered = status;
        response.writeHead(status).end("ok");
      }
    },
    async waitForRequests(count: number, filter: (request: ReceivedWebhook) => boolean = () => true, timeoutMs = 20_000) {
      const matching = () => requests.filter(filter);
      if (matching().length >= count) return matching();
      return new Promise<ReceivedWebhook[]>((resolve, reject) => {
        const timer = setTimeout(() => {
          events.off("request", check);
          reject(new Error(`expected ${count} webhook requests, got ${matching().length}`));
        }, timeoutMs);
        function check() {
          if (matching().length < count) return;
          clearTimeout(timer);
          events.off("request", check);
          resolve(matching());
        }
        events.on("request", check);
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  } satisfies WebhookReceiver);
  return receiver;
}
