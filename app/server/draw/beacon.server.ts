/**
 * Where the draw's beacon round comes from (decision 039, procedure v2 step 4).
 *
 * - configuredChain: the chain new campaigns commit to: DRAND_CHAIN_INFO when set (outside production
 *   only), else drand's quicknet, whose hash and key are pinned (decision 082).
 * - DEMO_CHAIN / demoBeacon: a local chain for demonstrations and development without network. Its
 *   secret key is derived from a text published below, so anyone can sign its rounds: a draw on it
 *   proves nothing about fairness, and its chain info says demo: true so pages can say so.
 * - fetchBeacon: one round, from the demo chain in-process or from the DRAND_URLS mirrors in turn,
 *   checked with verifyBeacon before anything uses it. Never throws on network trouble.
 */
import {
  chainInfoJson,
  type BeaconResponse,
  type ChainInfo,
  DEMO_CHAIN,
  parseBeacon,
  parseChainInfo,
  QUICKNET,
  roundTimeMs,
} from "../../domain/beacon";
import { chainFor, publishedSecretKey, signRound } from "../../domain/beacon-sign";
import { verifyBeacon } from "../../domain/beacon-verify";
import { ConfigError, getConfig } from "../core/config.server";

/** The demo chain's key comes from this text; publishing it is the point (see the file comment). */
export const DEMO_KEY_TEXT = "Giveawear demo beacon. This key is public: anyone can sign these rounds, so they prove nothing.";

const DEMO_CHAIN_TIMING = { genesisTime: DEMO_CHAIN.genesisTime, period: DEMO_CHAIN.period, demo: true } as const;

let demoSecretKey: Uint8Array | undefined;

/** The demo key, derived on first use: deriving it (and its public key) at import cost every process about 15 MB. */
function demoKey(): Uint8Array {
  demoSecretKey ??= publishedSecretKey(DEMO_KEY_TEXT);
  return demoSecretKey;
}

/** The demo chain, written out in the domain (app/domain/beacon.ts) so pages and emails can name it without this module. */
export { DEMO_CHAIN };

/** The demo chain as derived from its published key text (the unit test checks DEMO_CHAIN against it). */
export function derivedDemoChain(): ChainInfo {
  return chainFor(demoKey(), DEMO_CHAIN_TIMING);
}

/** The demo chain's round, signed on the spot (whatever the time: callers check roundTimeMs). */
export function demoBeacon(round: number): BeaconResponse {
  return signRound(demoKey(), round);
}

/**
 * The chain new campaigns commit to. A DRAND_CHAIN_INFO that is not a usable chain stops the server,
 * and so does one the draw must not use (decision 082): quicknet's hash with any other key, period or
 * genesis (quicknet's are pinned in the code), and in production any chain but quicknet (a test or
 * private chain, or the demo chain whose key anyone can derive), since real campaigns launch on it.
 */
export function configuredChain(): ChainInfo {
  const config = getConfig();
  const text = config.DRAND_CHAIN_INFO;
  if (!text) return QUICKNET;
  // Parsed once per setting, not on every campaign page that names its chain.
  if (parsedChain?.text === text && parsedChain.production === config.isProduction) return parsedChain.chain;
  let chain: ChainInfo;
  try {
    chain = parseChainInfo(text);
  } catch (error) {
    throw new ConfigError(`DRAND_CHAIN_INFO: ${(error as Error).message}`);
  }
  if (chain.hash === QUICKNET.hash && !isQuicknet(chain)) {
    throw new ConfigError(
      "DRAND_CHAIN_INFO names drand quicknet's chain hash with another public key, period or genesis time; quicknet's are pinned in the code, so unset DRAND_CHAIN_INFO.",
    );
  }
  if (config.isProduction && chain.hash !== QUICKNET.hash) {
    throw new ConfigError(
      `DRAND_CHAIN_INFO names chain ${chain.hash}${chain.hash === DEMO_CHAIN.hash ? " (the public demo chain)" : ""}, not drand quicknet: in production every real campaign's draw uses quicknet, pinned in the code, so unset DRAND_CHAIN_INFO.`,
    );
  }
  parsedChain = { text, production: config.isProduction, chain };
  return chain;
}

let parsedChain: { text: string; production: boolean; chain: ChainInfo } | undefined;

/** quicknet exactly as pinned: hash, key, period, genesis, scheme, not a demo. */
function isQuicknet(chain: ChainInfo): boolean {
  return (
    chain.hash === QUICKNET.hash &&
    chain.publicKey === QUICKNET.publicKey &&
    chain.period === QUICKNET.period &&
    chain.genesisTime === QUICKNET.genesisTime &&
    chain.scheme === QUICKNET.scheme &&
    !chain.demo
  );
}

/**
 * The chain a stored chain hash names, among those this server can fetch from; undefined if none.
 * quicknet and the demo chain are always the pinned ones, whatever DRAND_CHAIN_INFO says.
 */
export function knownChain(hash: string): ChainInfo | undefined {
  if (hash === QUICKNET.hash) return QUICKNET;
  if (hash === DEMO_CHAIN.hash) return DEMO_CHAIN;
  const configured = configuredChain();
  return configured.hash === hash ? configured : undefined;
}

export type BeaconFetch =
  | { ok: true; beacon: BeaconResponse; /** The response body exactly as fetched, for the draw record. */ json: string }
  | { ok: false; reason: "not-yet" | "unavailable" | "invalid"; detail: string };

export interface FetchBeaconOptions {
  /** Mirrors tried in order; default DRAND_URLS. */
  urls?: string[];
  /** Per mirror, for the whole request including the body. */
  timeoutMs?: number;
  now?: () => number;
}

/** Answers bigger than this are not drand rounds (a round is about 250 bytes). */
const MAX_BODY_CHARS = 64 * 1024;

/**
 * Round `round` of `chain`, verified. Mirrors are asked one after another; the first valid answer
 * wins. "not-yet": the round's time has not come, or every mirror said so (404/425); "invalid": a
 * mirror answered with a round that does not verify (and none answered a valid one); "unavailable":
 * otherwise. `detail` says what each mirror did.
 */
export async function fetchBeacon(chain: ChainInfo, round: number, options: FetchBeaconOptions = {}): Promise<BeaconFetch> {
  const now = options.now ?? Date.now;
  const dueAt = roundTimeMs(chain, round);
  if (now() < dueAt) return { ok: false, reason: "not-yet", detail: `round ${round} is due at ${new Date(dueAt).toISOString()}` };

  if (chain.demo) {
    if (chain.hash !== DEMO_CHAIN.hash) return { ok: false, reason: "unavailable", detail: "an unknown demo chain has no source" };
    const beacon = demoBeacon(round);
    return { ok: true, beacon, json: JSON.stringify(beacon) };
  }

  const urls = options.urls ?? getConfig().DRAND_URLS;
  const timeoutMs = options.timeoutMs ?? 5000;
  const notes: string[] = [];
  let notYet = 0;
  let invalid = 0;
  for (const base of urls) {
    const url = `${base}/${chain.hash}/public/${round}`;
    let status: number;
    let text: string;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json" } });
      status = response.status;
      text = await response.text();
    } catch (error) {
      notes.push(`${base}: ${(error as Error).name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : (error as Error).message}`);
      continue;
    }
    if (status === 404 || status === 425) {
      notYet += 1;
      notes.push(`${base}: ${status}, round not published yet`);
      continue;
    }
    if (status !== 200) {
      notes.push(`${base}: HTTP ${status}`);
      continue;
    }
    if (text.length > MAX_BODY_CHARS) {
      invalid += 1;
      notes.push(`${base}: answer too large for a beacon round`);
      continue;
    }
    let beacon: BeaconResponse;
    try {
      beacon = parseBeacon(text);
    } catch (error) {
      invalid += 1;
      notes.push(`${base}: ${(error as Error).message}`);
      continue;
    }
    if (beacon.round !== round) {
      invalid += 1;
      notes.push(`${base}: answered round ${beacon.round} instead of ${round}`);
      continue;
    }
    if (!verifyBeacon(chain, beacon)) {
      invalid += 1;
      notes.push(`${base}: round ${round} does not verify under the chain's public key`);
      continue;
    }
    return { ok: true, beacon, json: text };
  }
  const detail = notes.join("; ") || "no DRAND_URLS to ask";
  if (urls.length > 0 && notYet === urls.length) return { ok: false, reason: "not-yet", detail };
  return { ok: false, reason: invalid > 0 ? "invalid" : "unavailable", detail };
}

/** The demo chain's info in drand's JSON shape, for DRAND_CHAIN_INFO or the draw record. */
export const DEMO_CHAIN_INFO_JSON = JSON.stringify(chainInfoJson(DEMO_CHAIN));
