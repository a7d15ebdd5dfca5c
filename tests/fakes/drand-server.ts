/**
 * A stand-in for a drand HTTP relay on 127.0.0.1 (https://docs.drand.love/developer/http-api/):
 * GET /{chainhash}/info, /{chainhash}/public/{round} and /{chainhash}/public/latest for one
 * bls-unchained-g1-rfc9380 chain signed with a test key. Rounds exist only once their time has come
 * on the fake's clock (`now`, which the test controls); earlier ones get 404 like drand's relays.
 * Every answer carries Access-Control-Allow-Origin: *, as drand's do, because the in-browser
 * verifier fetches rounds itself. Failure modes: "500" (every request fails), "bad-signature"
 * (rounds come back signed by another key, randomness consistent with that signature), "hang"
 * (requests are accepted and never answered). `skipRound` makes one round never available, as when
 * drand's network misses a round: 404 for it forever, while the rounds after it are served (and
 * /public/latest answers the newest round that exists).
 */
import { fakeHttpServer } from "./http-server";
import { type BeaconResponse, type ChainInfo, chainInfoJson, roundAt, roundTimeMs } from "../../app/domain/beacon";
import { chainFor, publishedSecretKey, signRound } from "../../app/domain/beacon-sign";

export type FakeDrandFailure = "none" | "500" | "bad-signature" | "hang";

export interface FakeDrandOptions {
  /** The fake's clock in milliseconds; default Date.now. */
  now?: () => number;
  /** Round 1's time in seconds; default one hour before the clock's reading at start. */
  genesisTimeSec?: number;
  /** Seconds between rounds; default 3 like quicknet. */
  period?: number;
  /** The chain's BLS secret key; default one derived from a fixed test text. */
  secretKey?: Uint8Array;
}

export interface FakeDrand {
  /** Base URL for DRAND_URLS (no trailing slash). */
  url: string;
  chain: ChainInfo;
  /** The genuine round, whatever the time (tests use it to predict what the server will serve). */
  signRound(round: number): BeaconResponse;
  setFailure(mode: FakeDrandFailure): void;
  /** This round is never published: 404 for it, whatever the clock; later rounds are served. */
  skipRound(round: number): void;
  /** Requests received, as "GET /path". */
  requests: string[];
  close(): Promise<void>;
}

const OTHER_KEY = publishedSecretKey("fake drand: a key that is not the chain's");

export async function startFakeDrand(options: FakeDrandOptions = {}): Promise<FakeDrand> {
  const now = options.now ?? Date.now;
  const secretKey = options.secretKey ?? publishedSecretKey("fake drand test chain");
  const genesisTime = options.genesisTimeSec ?? Math.floor(now() / 1000) - 3600;
  const chain = chainFor(secretKey, { genesisTime, period: options.period ?? 3 });
  let failure: FakeDrandFailure = "none";
  const requests: string[] = [];
  const skipped = new Set<number>();

  // The newest round whose time has come on the fake's clock (0 before genesis).
  const lastRoundOut = () => {
    const next = roundAt(chain, now());
    return roundTimeMs(chain, next) <= now() ? next : next - 1;
  };
  // What /public/latest answers: the newest round that exists (a skipped one never does).
  const latestRound = () => {
    let latest = lastRoundOut();
    while (skipped.has(latest)) latest -= 1;
    return latest;
  };

  const server = fakeHttpServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    requests.push(`${req.method} ${path}`);
    if (failure === "hang") return; // never answered: the client's timeout has to save it
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "access-control-allow-origin": "*", "cache-control": "no-cache" });
      res.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    if (failure === "500") return send(500, { error: "internal error" });
    if (req.method !== "GET") return send(405, { error: "method not allowed" });

    const match = /^\/([0-9a-f]{64})\/(info|public\/(latest|\d+))$/.exec(path);
    if (!match || match[1] !== chain.hash) return send(404, { error: "not found" });
    if (match[2] === "info") return send(200, { ...chainInfoJson(chain), groupHash: "0".repeat(64), metadata: { beaconID: "fake" } });

    const round = match[3] === "latest" ? latestRound() : Number(match[3]);
    if (!Number.isSafeInteger(round) || round < 1 || round > lastRoundOut() || skipped.has(round))
      return send(404, { error: "round not found" });
    send(200, signRound(failure === "bad-signature" ? OTHER_KEY : secretKey, round));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${port}`,
    chain,
    signRound: (round) => signRound(secretKey, round),
    setFailure(mode) {
      failure = mode;
    },
    skipRound(round) {
      skipped.add(round);
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Hanging requests and kept-alive connections would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}
