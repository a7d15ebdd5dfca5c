/**
 * The drand beacon check of draw procedure 2, step 4, written from the procedure text (not shared
 * with the server's beacon code it checks): a BLS signature on G1 under the chain's public key on G2
 * (scheme bls-unchained-g1-rfc9380) over SHA-256 of the round as 8 bytes big-endian, and
 * randomness = SHA-256 of the signature bytes.
 */
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";

export const SCHEME = "bls-unchained-g1-rfc9380";
export const DST = "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";

/**
 * drand's League of Entropy "quicknet" chain, built in so that a record cannot bring its own key for
 * it: the public key is the one drand publishes at https://api.drand.sh/<hash>/info.
 */
export const QUICKNET = {
  hash: "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971",
  publicKey:
    "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a",
  period: 3,
  genesisTime: 1692803367,
  scheme: SCHEME,
  /** drand's public HTTP relays. */
  mirrors: ["https://api.drand.sh", "https://api2.drand.sh", "https://api3.drand.sh", "https://drand.cloudflare.com"],
} as const;

/**
 * Giveawear's demo chain, for demo campaigns only (the record says demo: true): its secret key is
 * derived from a published text, so anyone can sign its rounds and a draw on it proves nothing.
 * Built in too, so that no other chain can pass as the demo one.
 */
export const DEMO = {
  hash: "b87be82b0a8a3e28706f682b6ec23a98e98cac56c2da84d03e92bdbd1c15498b",
  publicKey:
    "8a1869c045b82e70606edbd04016c90046100d032dc6a166813467cf1de286aacf8a0399ae8e6058985931b9d0931d25048c523b23238446c0084add721cbbc0da3fbc0d99cd0666af40d5884afffba4a6072cc025438d4fd836aedfac63006d",
  period: 3,
  genesisTime: 1704067200,
  scheme: SCHEME,
} as const;

export interface Beacon {
  round: number;
  randomness: string;
  signature: string;
}

/** A beacon JSON as drand serves it (extra fields ignored), or null. */
export function readBeacon(json: unknown): Beacon | null {
  if (typeof json !== "object" || json === null) return null;
  const { round, randomness, signature } = json as Record<string, unknown>;
  if (typeof round !== "number" || !Number.isSafeInteger(round) || round < 1) return null;
  if (typeof randomness !== "string" || typeof signature !== "string") return null;
  return { round, randomness, signature };
}

/** Round time in ms: genesis_time + (round - 1) x period seconds. */
export function roundTimeMs(chain: { genesisTime: number; period: number }, round: number): number {
  return (chain.genesisTime + (round - 1) * chain.period) * 1000;
}

/** The message drand signs for a round of an unchained chain. */
function roundMessage(round: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round), false);
  return sha256(bytes);
}

/** Why the beacon is not valid for this public key, or null when it is. */
export function beaconProblem(publicKeyHex: string, beacon: Beacon): string | null {
  if (!/^[0-9a-f]{96}$/.test(beacon.signature)) return "the signature is not 96 lowercase hexadecimal characters";
  if (!/^[0-9a-f]{64}$/.test(beacon.randomness)) return "the randomness is not 64 lowercase hexadecimal characters";
  if (!/^[0-9a-f]{192}$/.test(publicKeyHex)) return "the chain's public key is not 192 lowercase hexadecimal characters";
  const signature = hexToBytes(beacon.signature);
  if (bytesToHex(sha256(signature)) !== beacon.randomness) return "the randomness is not SHA-256 of the signature";
  try {
    const short = bls12_381.shortSignatures;
    const valid = short.verify(signature, short.hash(roundMessage(beacon.round), DST), hexToBytes(publicKeyHex));
    return valid ? null : `the BLS signature does not verify for round ${beacon.round} under the chain's public key`;
  } catch (error) {
    return `the BLS signature or public key is not a valid point (${error instanceof Error ? error.message : String(error)})`;
  }
}
