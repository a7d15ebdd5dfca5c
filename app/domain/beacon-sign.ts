/**
 * Signing beacon rounds, for chains whose secret key is not secret: the local demo chain and the
 * tests' fake drand. A real chain's rounds come only from drand. Kept apart from beacon-verify.ts so
 * that verifying never needs more than the public key.
 */
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { sha256, sha512 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { BEACON_SCHEME, chainInfoJson, type BeaconResponse, type ChainInfo } from "./beacon";
import { BEACON_DST, beaconMessage } from "./beacon-verify";

/**
 * A BLS secret key derived from a text anyone can read: the first 48 bytes of SHA-512 of its UTF-8
 * bytes, as a big-endian integer k, give the key (k mod (r - 1)) + 1 (r the BLS12-381 group order);
 * this is @noble's seeded key generation.
 */
export function publishedSecretKey(text: string): Uint8Array {
  return bls12_381.utils.randomSecretKey(sha512(utf8ToBytes(text)).slice(0, 48));
}

/** The compressed G2 public key (192 hex characters) of a secret key, as drand publishes it. */
export function publicKeyHex(secretKey: Uint8Array): string {
  return bls12_381.shortSignatures.getPublicKey(secretKey).toHex(true);
}

/** A chain signed by `secretKey`; its hash is SHA-256 over its info JSON without the hash. */
export function chainFor(secretKey: Uint8Array, options: { genesisTime: number; period: number; demo?: boolean }): ChainInfo {
  const withoutHash = {
    publicKey: publicKeyHex(secretKey),
    period: options.period,
    genesisTime: options.genesisTime,
    scheme: BEACON_SCHEME,
    ...(options.demo ? { demo: true } : {}),
  } satisfies Omit<ChainInfo, "hash">;
  const { hash: _omitted, ...info } = chainInfoJson({ ...withoutHash, hash: "" });
  return { hash: bytesToHex(sha256(utf8ToBytes(JSON.stringify(info)))), ...withoutHash };
}

/** Round `round` signed the way drand signs it, with randomness = SHA-256(signature). */
export function signRound(secretKey: Uint8Array, round: number): BeaconResponse {
  const short = bls12_381.shortSignatures;
  const signature = short.sign(short.hash(beaconMessage(round), BEACON_DST), secretKey).toBytes(true);
  return { round, randomness: bytesToHex(sha256(signature)), signature: bytesToHex(signature) };
}
