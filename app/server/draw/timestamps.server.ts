/**
 * Anchors we cannot rewrite (decision 090, procedure 4): RFC 3161 time-stamp tokens from every
 * authority in TSA_URLS, over the draw's commitment after launch and over the frozen list's hash
 * after the freeze. The time-stamped message is the hash's 64 lowercase hexadecimal ASCII
 * characters (messageImprint = SHA-256 of them), so anyone can check a token with `openssl ts
 * -verify -data`.
 *
 * The job asks (a step of each pass), never the launch or the freeze themselves: an authority that
 * is down delays nothing and is asked again next pass, as long as its token can still be on time —
 * the commitment's until launch + COMMITMENT_STAMP_SKEW_MS, the list's until the beacon round's time.
 * A token dated too late is not stored (the verifiers would reject it). Tokens are only added, never
 * rewritten; draw.json publishes them (record.server.ts).
 */
import { randomBytes } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { roundTimeMs } from "../../domain/beacon";
import { getConfig } from "../core/config.server";
import { isUniqueConstraintError, prisma } from "../core/db.server";
import { knownChain } from "./beacon.server";

/** The commitment's token must be dated no later than the launch plus this (procedure 4, step 1). */
export const COMMITMENT_STAMP_SKEW_MS = 10 * 60_000;

/** How long one authority gets to answer. */
export const TSA_TIMEOUT_MS = 15_000;

export type TimestampSubject = "commitment" | "list";

export interface StampedToken {
  /** DER of the token (ContentInfo with SignedData over TSTInfo), base64. */
  token: string;
  genTime: Date;
}

export class TimestampError extends Error {}

function hex(bytes: ArrayBuffer | Uint8Array): string {
  return Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString("hex");
}

/**
 * Asks one authority for a token over `anchoredHex` (RFC 3161 over HTTP: application/timestamp-query
 * in, application/timestamp-reply out), with a nonce and the signer's certificate requested. Checks
 * the reply is granted, for this hash and this nonce; the signature is the verifiers' business.
 */
export async function requestTimestamp(
  url: string,
  anchoredHex: string,
  timeoutMs = TSA_TIMEOUT_MS,
  nonceBytes: Uint8Array = randomBytes(8),
): Promise<StampedToken> {
  const message = new TextEncoder().encode(anchoredHex);
  const imprint = await pkijs.MessageImprint.create("SHA-256", message);
  // A positive INTEGER in minimal DER: a leading 0x00 before a byte under 0x80 is not DER, and an
  // authority refuses the query (openssl answered such a nonce with status 2, about 1 in 256 requests).
  nonceBytes[0] = nonceBytes[0]! & 0x7f || 1;
  const nonce = new asn1js.Integer({ valueHex: nonceBytes });
  const request = new pkijs.TimeStampReq({ version: 1, messageImprint: imprint, nonce, certReq: true });
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/timestamp-query", accept: "application/timestamp-reply" },
    body: new Uint8Array(request.toSchema().toBER(false)),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new TimestampError(`${url} answered HTTP ${response.status}`);
  const body = new Uint8Array(await response.arrayBuffer());
  let reply: pkijs.TimeStampResp;
  try {
    reply = pkijs.TimeStampResp.fromBER(body);
  } catch {
    throw new TimestampError(`${url} did not answer a time-stamp reply`);
  }
  const status = reply.status.status;
  if ((status !== 0 && status !== 1) || !reply.timeStampToken) {
    const why = (reply.status.statusStrings ?? []).map((text) => text.valueBlock.value).join("; ");
    throw new TimestampError(`${url} refused the time-stamp (status ${status}${why ? `: ${why}` : ""})`);
  }
  const signed = new pkijs.SignedData({ schema: reply.timeStampToken.content });
  const eContent = signed.encapContentInfo.eContent;
  if (!eContent) throw new TimestampError(`${url} answered a token without TSTInfo`);
  const info = pkijs.TSTInfo.fromBER(eContent.getValue());
  if (hex(info.messageImprint.hashedMessage.valueBlock.valueHexView) !== hex(imprint.hashedMessage.valueBlock.valueHexView))
    throw new TimestampError(`${url} stamped another hash`);
  if (!info.nonce || !info.nonce.isEqual(nonce)) throw new TimestampError(`${url} answered another request's nonce`);
  const der = reply.timeStampToken.toSchema().toBER(false);
  return { token: Buffer.from(der).toString("base64"), genTime: info.genTime };
}

export interface TimestampPassSummary {
  stamped: number;
  /** Authorities that failed this pass, and why (the next pass asks again while there is time). */
  problems: string[];
}

interface Wanted {
  campaignId: string;
  subject: TimestampSubject;
  hash: string;
  /** The latest genTime the procedure accepts (inclusive for the commitment, exclusive for the list). */
  deadlineMs: number;
  inclusive: boolean;
}

/** One pass: every missing token that can still be on time, asked of every configured authority. */
export async function timestampDraws(now: Date, urls: readonly string[] = getConfig().TSA_URLS): Promise<TimestampPassSummary> {
  const summary: TimestampPassSummary = { stamped: 0, problems: [] };
  if (urls.length === 0) return summary;
  const wanted: Wanted[] = [];

  const launched = await prisma.campaign.findMany({
    where: {
      drawTimestamped: true,
      drawCommitment: { not: null },
      launchedAt: { gte: new Date(now.getTime() - COMMITMENT_STAMP_SKEW_MS) },
    },
    select: { id: true, drawCommitment: true, launchedAt: true },
  });
  for (const campaign of launched) {
    if (!campaign.drawCommitment || !campaign.launchedAt) continue;
    const deadlineMs = campaign.launchedAt.getTime() + COMMITMENT_STAMP_SKEW_MS;
    wanted.push({ campaignId: campaign.id, subject: "commitment", hash: campaign.drawCommitment, deadlineMs, inclusive: true });
  }

  // A list's round comes at most a margin and a period after its freeze: a day back is plenty.
  const frozen = await prisma.entryList.findMany({
    where: { campaign: { drawTimestamped: true }, frozenAt: { gte: new Date(now.getTime() - 24 * 60 * 60_000) } },
    select: { campaignId: true, sha256: true, beaconRound: true, beaconChain: true },
  });
  for (const list of frozen) {
    const chain = knownChain(list.beaconChain);
    if (!chain) continue;
    const deadlineMs = roundTimeMs(chain, list.beaconRound);
    if (now.getTime() >= deadlineMs) continue;
    wanted.push({ campaignId: list.campaignId, subject: "list", hash: list.sha256, deadlineMs, inclusive: false });
  }
  if (wanted.length === 0) return summary;

  const have = await prisma.timestampToken.findMany({
    where: { campaignId: { in: [...new Set(wanted.map((item) => item.campaignId))] } },
    select: { campaignId: true, subject: true, tsaUrl: true },
  });
  const held = new Set(have.map((row) => `${row.campaignId} ${row.subject} ${row.tsaUrl}`));

  for (const item of wanted) {
    for (const url of urls) {
      if (held.has(`${item.campaignId} ${item.subject} ${url}`)) continue;
      try {
        const stamped = await requestTimestamp(url, item.hash);
        const at = stamped.genTime.getTime();
        if (item.inclusive ? at > item.deadlineMs : at >= item.deadlineMs) {
          summary.problems.push(
            `${url} dated the ${item.subject} of campaign ${item.campaignId} too late (${stamped.genTime.toISOString()})`,
          );
          continue;
        }
        await prisma.timestampToken.create({
          data: { campaignId: item.campaignId, subject: item.subject, tsaUrl: url, token: stamped.token, genTime: stamped.genTime },
        });
        summary.stamped += 1;
      } catch (error) {
        // Another runner stored it first: fine, tokens are never rewritten.
        if (isUniqueConstraintError(error)) continue;
        summary.problems.push(
          `${url} for the ${item.subject} of campaign ${item.campaignId}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
  return summary;
}

/** A campaign's tokens as draw.json publishes them. */
export async function campaignTimestamps(campaignId: string) {
  const rows = await prisma.timestampToken.findMany({
    where: { campaignId },
    orderBy: [{ subject: "asc" }, { genTime: "asc" }, { tsaUrl: "asc" }],
    select: { subject: true, tsaUrl: true, genTime: true, token: true },
  });
  return rows.map((row) => ({ subject: row.subject, tsaUrl: row.tsaUrl, genTime: row.genTime.toISOString(), token: row.token }));
}
