/**
 * Procedure 4's anchors (decision 090), checked from the procedure text alone: each RFC 3161
 * time-stamp token in draw.json is a CMS SignedData over a TSTInfo whose messageImprint is SHA-256
 * of the 64 ASCII characters of the hash it anchors (the commitment C, or the list hash H), signed
 * by a certificate for time-stamping whose chain ends at a root this verifier ships with
 * (tsa-roots.ts) or one the person verifying gives, never one served by Giveawear. Pure (pkijs over
 * WebCrypto): the same code runs in Node 20 and in a browser.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { PINNED_TSA_ROOTS } from "./tsa-roots";

/** A commitment's token must be dated no later than the launch time plus this (procedure 4, step 1). */
export const COMMITMENT_STAMP_SKEW_MS = 10 * 60_000;

const TST_INFO = "1.2.840.113549.1.9.16.1.4";
const SIGNED_DATA = "1.2.840.113549.1.7.2";
const SHA256 = "2.16.840.1.101.3.4.2.1";
const EXT_KEY_USAGE = "2.5.29.37";
const TIME_STAMPING = "1.3.6.1.5.5.7.3.8";
const COMMON_NAME = "2.5.4.3";

export type TokenCheck = { ok: true; genTime: Date; signer: string } | { ok: false; reason: string };

function base64Bytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/\s+/g, ""));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Certificates from PEM text (one or several BEGIN CERTIFICATE blocks). */
export function certificatesFromPem(pem: string): pkijs.Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) => {
    const body = block.replace(/-----(BEGIN|END) CERTIFICATE-----/g, "");
    return pkijs.Certificate.fromBER(base64Bytes(body));
  });
}

/** The pinned roots plus any the person verifying gives (PEM texts). */
export function trustedTsaRoots(extraPem: readonly string[] = []): pkijs.Certificate[] {
  return [...PINNED_TSA_ROOTS.map((root) => root.pem), ...extraPem].flatMap(certificatesFromPem);
}

function commonName(certificate: pkijs.Certificate): string {
  const cn = certificate.subject.typesAndValues.find((item) => item.type === COMMON_NAME);
  return cn ? String(cn.value.valueBlock.value) : "(no common name)";
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "object" && error && "message" in error) return String((error as { message: unknown }).message);
  return String(error);
}

/**
 * Checks one token (DER, base64) against the hash it should anchor (64 lowercase hex characters).
 * Answers its genTime and signer's name, or why it does not hold.
 */
export async function checkTimestampToken(tokenBase64: string, anchoredHex: string, roots: pkijs.Certificate[]): Promise<TokenCheck> {
  const fail = (reason: string): TokenCheck => ({ ok: false, reason });
  let signed: pkijs.SignedData;
  let info: pkijs.TSTInfo;
  try {
    const asn = asn1js.fromBER(base64Bytes(tokenBase64));
    if (asn.offset === -1) return fail("the token is not DER");
    const content = new pkijs.ContentInfo({ schema: asn.result });
    if (content.contentType !== SIGNED_DATA) return fail("the token is not a CMS SignedData");
    signed = new pkijs.SignedData({ schema: content.content });
    if (signed.encapContentInfo.eContentType !== TST_INFO || !signed.encapContentInfo.eContent) return fail("the token holds no TSTInfo");
    info = pkijs.TSTInfo.fromBER(signed.encapContentInfo.eContent.getValue());
  } catch (error) {
    return fail(`the token cannot be read (${errorText(error)})`);
  }
  const message = new TextEncoder().encode(anchoredHex);
  const expected = bytesToHex(sha256(message));
  const imprint = info.messageImprint;
  if (imprint.hashAlgorithm.algorithmId !== SHA256)
    return fail(`its messageImprint uses ${imprint.hashAlgorithm.algorithmId}, not SHA-256`);
  const stamped = bytesToHex(imprint.hashedMessage.valueBlock.valueHexView);
  if (stamped !== expected) return fail(`it stamps ${stamped}, not SHA-256 of "${anchoredHex}" (${expected})`);
  let signer: pkijs.Certificate | null | undefined;
  try {
    const result = await signed.verify({
      signer: 0,
      data: message.slice().buffer,
      trustedCerts: roots,
      checkChain: true,
      extendedMode: true,
    });
    if (!result.signatureVerified) return fail(`its signature does not verify (${result.message})`);
    if (result.signerCertificateVerified === false) return fail(`its signer's certificate chain does not verify (${result.message})`);
    signer = result.signerCertificate;
  } catch (error) {
    return fail(
      `its signature or certificate chain does not verify against the time-stamp roots this verifier trusts (${errorText(error)})`,
    );
  }
  if (!signer) return fail("its signer's certificate is not in the token");
  const eku = signer.extensions?.find((extension) => extension.extnID === EXT_KEY_USAGE);
  const purposes = (eku?.parsedValue as pkijs.ExtKeyUsage | undefined)?.keyPurposes ?? [];
  if (!purposes.includes(TIME_STAMPING)) return fail(`its signer (${commonName(signer)}) is not certified for time-stamping`);
  return { ok: true, genTime: info.genTime, signer: commonName(signer) };
}

export interface RecordTimestamp {
  subject: string;
  tsaUrl: string;
  token: string;
}

export interface AnchorFacts {
  commitment: string | null;
  launchedAt: string | null;
  listSha256: string | null;
  /** The beacon round's time (ms), when known. */
  roundTimeMs: number | null;
  drawn: boolean;
}

export interface AnchorCheck {
  name: string;
  ok: boolean | null;
  detail: string;
}

/**
 * Procedure 4's rules over the record's tokens: every published token holds (signature, chain,
 * imprint, time); the commitment has at least one dated no later than launch + 10 minutes, the
 * list hash at least one dated before the round's time.
 */
export async function checkAnchors(
  tokens: readonly RecordTimestamp[],
  facts: AnchorFacts,
  roots: pkijs.Certificate[],
): Promise<AnchorCheck[]> {
  const checks: AnchorCheck[] = [];
  const subjects = [
    { subject: "commitment", name: "Commitment time-stamps", hash: facts.commitment },
    { subject: "list", name: "List time-stamps", hash: facts.listSha256 },
  ] as const;
  for (const { subject, name, hash } of subjects) {
    const mine = tokens.filter((token) => token.subject === subject);
    if (hash === null) {
      if (subject === "commitment")
        checks.push({
          name,
          ok: mine.length === 0 ? true : false,
          detail:
            mine.length === 0
              ? "No commitment was published, so none is time-stamped."
              : "Time-stamps for a commitment that was not published.",
        });
      else checks.push({ name, ok: null, detail: "The list is not frozen yet." });
      continue;
    }
    const problems: string[] = [];
    const good: string[] = [];
    for (const token of mine) {
      const result = await checkTimestampToken(token.token, hash, roots);
      if (!result.ok) {
        problems.push(`the token from ${token.tsaUrl}: ${result.reason}`);
        continue;
      }
      const at = result.genTime.getTime();
      if (subject === "commitment") {
        const launched = facts.launchedAt ? Date.parse(facts.launchedAt) : NaN;
        if (!Number.isFinite(launched)) problems.push(`the token from ${token.tsaUrl}: the record gives no launch time to date it against`);
        else if (at > launched + COMMITMENT_STAMP_SKEW_MS)
          problems.push(
            `the token from ${token.tsaUrl} is dated ${result.genTime.toISOString()}, more than 10 minutes after the launch (${facts.launchedAt})`,
          );
        else good.push(`${result.signer} at ${result.genTime.toISOString()}`);
      } else if (facts.roundTimeMs === null) {
        problems.push(`the token from ${token.tsaUrl}: the record gives no beacon round to date it against`);
      } else if (!(at < facts.roundTimeMs)) {
        problems.push(
          `the token from ${token.tsaUrl} is dated ${result.genTime.toISOString()}, not before the beacon round's time (${new Date(facts.roundTimeMs).toISOString()})`,
        );
      } else good.push(`${result.signer} at ${result.genTime.toISOString()}`);
    }
    const what = subject === "commitment" ? `the commitment ${hash}` : `the list hash ${hash}`;
    if (problems.length > 0) checks.push({ name, ok: false, detail: `${problems.join("; ")}.`.replace(/^./, (c) => c.toUpperCase()) });
    else if (good.length === 0)
      checks.push({
        name,
        // Tokens are asked for just after the launch and the freeze: before the draw (the commitment's: before
        // the freeze) they may still be on their way.
        ok: facts.drawn || (subject === "commitment" && facts.listSha256 !== null) ? false : null,
        detail: `No time-stamp of ${what} is published; procedure 4 requires at least one.`,
      });
    else checks.push({ name, ok: true, detail: `${what.replace(/^./, (c) => c.toUpperCase())} was time-stamped by ${good.join("; ")}.` });
  }
  return checks;
}
