import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { z } from "zod";
import { isEditableStatus } from "../../domain/campaign-status";
import { getConfig } from "../core/config.server";
import { prisma, type AdditionalPrize, type Campaign } from "../core/db.server";
import type { CurrentUser } from "../auth/session.server";
import { CampaignStatus } from "../../domain/campaign-status";

/**
 * The wizard's current draft. Signed-in creators' drafts are theirs (creatorId); a visitor's draft
 * has no creator and is found through a long random token in a signed cookie (decision 006), so the
 * wizard works without JavaScript and without an account. Signing in attaches it.
 */
const DraftCookieSchema = z.object({ id: z.string(), token: z.string().optional() });
type DraftCookie = z.infer<typeof DraftCookieSchema>;

let cookie: ReturnType<typeof createCookie> | undefined;
function draftCookie() {
  const config = getConfig();
  cookie ??= createCookie("gw_draft", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.isProduction,
    secrets: [config.sessionSecret],
    maxAge: 60 * 60 * 24 * 30,
  });
  return cookie;
}

async function readDraftCookie(request: Request): Promise<DraftCookie | null> {
  const parsed = DraftCookieSchema.safeParse(await draftCookie().parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

export function draftCookieFor(value: DraftCookie): Promise<string> {
  return draftCookie().serialize(value);
}

export function clearDraftCookie(): Promise<string> {
  return draftCookie().serialize("", { maxAge: 0 });
}

export const LAUNCHED_NOT_EDITABLE = {
  title: "Campaign Launched",
  description: "This campaign has launched, so this step was not saved. Its page can still be edited from My Campaigns (Edit).",
} as const;

export type DraftLookup =
  | { kind: "none" }
  | { kind: "found"; campaign: Campaign; restoredVisitorDraft: boolean; attached: boolean }
  | { kind: "not-found" }
  /** The user's own campaign, but launched: it can be viewed and copied, not edited. */
  | { kind: "launched"; campaign: Campaign };

/**
 * Which campaign the wizard is editing: `campaignId` from the URL (must be the user's own), else the
 * draft remembered in the cookie. A visitor's draft met by its (now signed-in) owner is attached.
 */
export async function findWizardDraft(request: Request, user: CurrentUser | null, campaignId: string | null): Promise<DraftLookup> {
  if (campaignId) {
    if (!user) return { kind: "not-found" };
    const campaign = await prisma.campaign.findFirst({ where: { id: campaignId, creatorId: user.id } });
    if (!campaign) return { kind: "not-found" };
    if (!isEditableStatus(campaign.status)) return { kind: "launched", campaign };
    return { kind: "found", campaign, restoredVisitorDraft: false, attached: false };
  }
  const remembered = await readDraftCookie(request);
  if (!remembered) return { kind: "none" };
  if (remembered.token) {
    const visitorDraft = await prisma.campaign.findFirst({
      where: { id: remembered.id, draftToken: remembered.token, creatorId: null, status: CampaignStatus.draft },
    });
    if (!visitorDraft) return { kind: "none" };
    if (!user) return { kind: "found", campaign: visitorDraft, restoredVisitorDraft: true, attached: false };
    const attached = await attachVisitorDraft(visitorDraft.id, remembered.token, user.id);
    return attached ? { kind: "found", campaign: attached, restoredVisitorDraft: false, attached: true } : { kind: "none" };
  }
  if (!user) return { kind: "none" };
  const own = await prisma.campaign.findFirst({ where: { id: remembered.id, creatorId: user.id, status: CampaignStatus.draft } });
  return own ? { kind: "found", campaign: own, restoredVisitorDraft: false, attached: false } : { kind: "none" };
}

/** A single conditional update: only the holder of the token can claim the draft, and only once. */
async function attachVisitorDraft(id: string, token: string, userId: string): Promise<Campaign | null> {
  const claimed = await prisma.campaign.updateMany({
    where: { id, draftToken: token, creatorId: null },
    data: { creatorId: userId, draftToken: null },
  });
  return claimed.count === 1 ? prisma.campaign.findUnique({ where: { id } }) : null;
}

/** The draft's additional prizes (as stored; the page sorts them by rank). */
export function draftPrizes(campaignId: string): Promise<AdditionalPrize[]> {
  return prisma.additionalPrize.findMany({ where: { campaignId } });
}

/** Creates the draft on the first saved step; visitors get the token that finds it again. */
export async function createDraft(
  user: CurrentUser | null,
  data: Partial<Campaign> = {},
): Promise<{ campaign: Campaign; setCookie: string }> {
  const token = user ? null : randomBytes(32).toString("base64url");
  const campaign = await prisma.campaign.create({
    data: { ...stripIdentity(data), status: CampaignStatus.draft, creatorId: user?.id ?? null, draftToken: token },
  });
  return { campaign, setCookie: await draftCookieFor(token ? { id: campaign.id, token } : { id: campaign.id }) };
}

/** The fields of a campaign that a copy takes over (not its identity, status, payment or draw). */
export function stripIdentity(source: Partial<Campaign>): Partial<Campaign> {
  const {
    id: _id,
    creatorId: _creatorId,
    draftToken: _draftToken,
    pruneLeaseUntil: _pruneLeaseUntil,
    status: _status,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    stripeCheckoutSessionId: _stripe,
    paidAt: _paidAt,
    launchedAt: _launchedAt,
    rulesVersion: _rulesVersion,
    drawSeed: _drawSeed,
    drawCommitment: _drawCommitment,
    winnerEmail: _winnerEmail,
    winnerEntryId: _winnerEntryId,
    winnerPublicName: _winnerPublicName,
    claimDeadline: _claimDeadline,
    entryCount: _entryCount,
    pageViews: _pageViews,
    reminderSentAt: _reminderSentAt,
    reminderLeaseUntil: _reminderLeaseUntil,
    drawStartedAt: _drawStartedAt,
    winnersNotifiedAt: _winnersNotifiedAt,
    winnersNotifyLeaseUntil: _winnersNotifyLeaseUntil,
    aiGenerationsUsed: _aiGenerationsUsed,
    ...rest
  } = source;
  return rest;
}
