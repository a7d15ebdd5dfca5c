/**
 * The public randomness beacon a draw waits for (decision 039): drand chains, their round clock and
 * the JSON drand's HTTP API answers with. Pure and free of @noble so that pages importing the round
 * arithmetic do not pull BLS12-381 into the client bundle; the signature check lives in
 * beacon-verify.ts.
 */
import { z } from "zod";

/** The only drand scheme the draw accepts: BLS signatures on G1 (48 bytes), public key on G2 (96 bytes). */
export const BEACON_SCHEME = "bls-unchained-g1-rfc9380";

/** A drand chain as the draw uses it. Times are in seconds, as drand publishes them. */
export interface ChainInfo {
  /** The chain hash, 64 lowercase hex characters: drand's URLs and the draw record name the chain by it. */
  hash: string;
  /** The chain's BLS public key on G2, compressed: 192 lowercase hex characters. */
  publicKey: string;
  /** Seconds between rounds. */
  period: number;
  /** Unix time in seconds of round 1. */
  genesisTime: number;
  scheme: typeof BEACON_SCHEME;
  /** A local demonstration chain whose secret key is published in the code: anyone can sign its rounds. */
  demo?: boolean;
}

/** One round as drand's GET /{chainhash}/public/{round} returns it (lowercase hex). */
export interface BeaconResponse {
  round: number;
  /** SHA-256 of the signature bytes, 64 hex characters. */
  randomness: string;
  /** The BLS signature on G1, compressed: 96 hex characters. */
  signature: string;
}

/**
 * drand's League of Entropy mainnet "quicknet": a round every 3 seconds since 2023-08-23. The public
 * key is the one its /info endpoint publishes (also pinned by drand's clients and other verifiers).
 */
export const QUICKNET: ChainInfo = {
  hash: "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971",
  publicKey:
    "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a",
  period: 3,
  genesisTime: 1692803367,
  scheme: BEACON_SCHEME,
};

/**
 * Giveawear's demo chain (decision 039): round 1 at 2024-01-01T00:00:00Z, one round every 3 seconds
 * like quicknet. Its key is derived from a text published in app/server/draw/beacon.server.ts, so
 * anyone can sign its rounds. The key and hash are what chainFor(publishedSecretKey(DEMO_KEY_TEXT),
 * …) gives (a unit test derives them again), written out so that naming the chain derives no key.
 */
export const DEMO_CHAIN: ChainInfo = {
  hash: "b87be82b0a8a3e28706f682b6ec23a98e98cac56c2da84d03e92bdbd1c15498b",
  publicKey:
    "8a1869c045b82e70606edbd04016c90046100d032dc6a166813467cf1de286aacf8a0399ae8e6058985931b9d0931d25048c523b23238446c0084add721cbbc0da3fbc0d99cd0666af40d5884afffba4a6072cc025438d4fd836aedfac63006d",
  period: 3,
  genesisTime: 1704067200,
  scheme: BEACON_SCHEME,
  demo: true,
};

/** The chain a hash names among the two pinned in the code (quicknet, the demo chain), or undefined. */
export function pinnedChain(hash: string | null): ChainInfo | undefined {
  if (hash === QUICKNET.hash) return QUICKNET;
  if (hash === DEMO_CHAIN.hash) return DEMO_CHAIN;
  return undefined;
}

/** How pages and emails name a chain: quicknet, the demo chain, or another chain by its hash. */
export function beaconChainName(hash: string): string {
  if (hash === QUICKNET.hash) return "drand quicknet (League of Entropy)";
  if (hash === DEMO_CHAIN.hash) return "Demo beacon, not drand";
  return `drand chain ${hash}`;
}

/** The time of a round in milliseconds since the epoch: round 1 is at genesis, then one every period. */
export function roundTimeMs(chain: ChainInfo, round: number): number {
  if (!Number.isSafeInteger(round) || round < 1) throw new Error(`Not a beacon round: ${round}`);
  return (chain.genesisTime + (round - 1) * chain.period) * 1000;
}

/** The first round whose time is at or after `ms` (round 1 for any time up to genesis). */
export function roundAt(chain: ChainInfo, ms: number): number {
  const sinceGenesis = ms - chain.genesisTime * 1000;
  if (sinceGenesis <= 0) return 1;
  return Math.ceil(sinceGenesis / (chain.period * 1000)) + 1;
}

const hex = (length: number) =>
  z
    .string()
    .regex(new RegExp(`^[0-9a-fA-F]{${length}}$`), `must be ${length} hexadecimal characters`)
    .transform((value) => value.toLowerCase());

/** drand's GET /{chainhash}/info, reduced to what verification needs; other fields are ignored. */
const ChainInfoJsonSchema = z.object({
  public_key: hex(192),
  period: z.number().int().positive(),
  genesis_time: z.number().int().positive(),
  hash: hex(64),
  schemeID: z.literal(BEACON_SCHEME, { error: `only the ${BEACON_SCHEME} scheme is supported` }),
  demo: z.boolean().optional(),
});

const BeaconJsonSchema = z.object({
  round: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  randomness: hex(64),
  signature: hex(96),
});

function asJson(input: unknown): unknown {
  return typeof input === "string" ? JSON.parse(input) : input;
}

function describe(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join(".") || "value"}: ${issue.message}`).join("; ");
}

/** Reads drand's chain info JSON (text or parsed). Throws with a readable message when it is not one. */
export function parseChainInfo(input: unknown): ChainInfo {
  const parsed = ChainInfoJsonSchema.safeParse(asJson(input));
  if (!parsed.success) throw new Error(`Not a usable drand chain info: ${describe(parsed.error)}`);
  const info = parsed.data;
  return {
    hash: info.hash,
    publicKey: info.public_key,
    period: info.period,
    genesisTime: info.genesis_time,
    scheme: info.schemeID,
    ...(info.demo ? { demo: true } : {}),
  };
}

/** The chain in drand's /info JSON shape (what the fake drand and the demo chain publish). */
export function chainInfoJson(chain: ChainInfo) {
  return {
    public_key: chain.publicKey,
    period: chain.period,
    genesis_time: chain.genesisTime,
    hash: chain.hash,
    schemeID: chain.scheme,
    ...(chain.demo ? { demo: true } : {}),
  };
}

/** Reads one beacon round (text or parsed JSON); hex comes back lowercase. Throws when it is not one. */
export function parseBeacon(input: unknown): BeaconResponse {
  const parsed = BeaconJsonSchema.safeParse(asJson(input));
  if (!parsed.success) throw new Error(`Not a drand beacon: ${describe(parsed.error)}`);
  return parsed.data;
}
