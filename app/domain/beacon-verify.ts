/**
 * Checking a drand beacon round (draw procedure v2, step 4) and deriving the draw's final seed
 * (step 5). Runs in Node and in browsers alike: @noble's audited BLS12-381 and SHA-256, no node:*
 * imports, so the in-browser verifier can use this very code path.
 */
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { BEACON_SCHEME, type BeaconResponse, type ChainInfo } from "./beacon";

/** RFC 9380 hash-to-curve domain separation tag of drand's bls-unchained-g1-rfc9380 scheme. */
export const BEACON_DST = "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";

/** The bytes drand signs for a round of an unchained chain: SHA-256 of the round as 8-byte unsigned big-endian. */
export function beaconMessage(round: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round), false);
  return sha256(bytes);
}

const HEX_96 = /^[0-9a-f]{96}$/;
const HEX_64 = /^[0-9a-f]{64}$/;

/**
 * True when the round's signature verifies under the chain's public key and its randomness is
 * SHA-256 of the signature bytes. Anything malformed (wrong lengths, points off the curve or outside
 * the subgroup, another scheme) is simply not valid: this never throws.
 */
export function verifyBeacon(chain: ChainInfo, beacon: BeaconResponse): boolean {
  if (chain.scheme !== BEACON_SCHEME) return false;
  if (!Number.isSafeInteger(beacon.round) || beacon.round < 1) return false;
  if (!HEX_96.test(beacon.signature) || !HEX_64.test(beacon.randomness)) return false;
  try {
    const signature = hexToBytes(beacon.signature);
    if (bytesToHex(sha256(signature)) !== beacon.randomness) return false;
    const short = bls12_381.shortSignatures;
    const message = short.hash(beaconMessage(beacon.round), BEACON_DST);
    return short.verify(signature, message, hexToBytes(chain.publicKey));
  } catch {
    // Decoding refuses bytes that are not a valid point: an invalid beacon, not an error.
    return false;
  }
}

/** The draw's final seed: lowercase hex SHA-256 of the ASCII text `<secret>:<randomness>`. */
export function finalSeed(secret: string, randomness: string): string {
  return bytesToHex(sha256(utf8ToBytes(`${secret}:${randomness}`)));
}
