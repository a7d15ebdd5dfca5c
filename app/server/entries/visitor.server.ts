/**
 * What a browser holds of its entries: the signed `entered_` cookie per campaign, the browser id kept
 * for fraud review, and the visitor's own entry read back by either.
 */
import { createCookie } from "react-router";
import { entryEmailKey } from "../../domain/entries";
import { campaignPath } from "../../paths";
import { getConfig } from "../core/config.server";
import { newId } from "../core/ids.server";
import { createSignedCookie } from "../core/signed-cookie.server";
import { prisma } from "../core/db.server";
import type { RequestHeaders } from "../core/request.server";

/**
 * "This browser has entered" (SPEC local entries): the entry id in a cookie scoped to the
 * campaign's own path, so each campaign page receives only its own.
 */
function enteredCookie(campaignId: string) {
  return createSignedCookie(`entered_${campaignId}`, {
    path: campaignPath(campaignId),
    httpOnly: true,
    sameSite: "lax",
    secure: getConfig().isProduction,
    maxAge: 60 * 60 * 24 * 365,
    // Signed: entry ids are published with the draw, so an unsigned id would let anyone open an
    // entrant's confirmation view (referral link, coupon). Signed with node:crypto: one per entry.
    secrets: [getConfig().sessionSecret],
  });
}

export async function rememberEntry(campaignId: string, entryId: string): Promise<string> {
  return enteredCookie(campaignId).serialize(entryId);
}

export async function rememberedEntryId(request: RequestHeaders, campaignId: string): Promise<string | null> {
  const value: unknown = await enteredCookie(campaignId).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length <= 64 ? value : null;
}

/**
 * The browser's id for fraud review (one browser, many entries): random, in a long-lived httpOnly
 * cookie set with the first entry. Unsigned on purpose: it is a signal, never a permission, and a
 * visitor who clears it only looks like a new browser.
 */
const BROWSER_ID_COOKIE = "gw_bid";
const BROWSER_ID = /^[a-z0-9]{8,40}$/;

function browserIdCookie() {
  return createCookie(BROWSER_ID_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: getConfig().isProduction,
    maxAge: 60 * 60 * 24 * 365 * 2,
  });
}

/** The browser's id, and the Set-Cookie that gives it one when it had none. */
export async function browserId(request: RequestHeaders): Promise<{ id: string; setCookie: string | null }> {
  const value: unknown = await browserIdCookie().parse(request.headers.get("Cookie"));
  if (typeof value === "string" && BROWSER_ID.test(value)) return { id: value, setCookie: null };
  const id = newId();
  return { id, setCookie: await browserIdCookie().serialize(id) };
}

/** The visitor's own entry: the one this browser made, or the signed-in user's by email. */
export async function visitorEntry(request: Request, campaignId: string, userEmail: string | null) {
  const select = { id: true, email: true, bonusEntries: true, createdAt: true, confirmedAt: true } as const;
  const remembered = await rememberedEntryId(request, campaignId);
  if (remembered) {
    const entry = await prisma.entry.findFirst({ where: { id: remembered, campaignId }, select });
    if (entry) return entry;
  }
  if (userEmail) {
    return prisma.entry.findUnique({
      where: { campaignId_emailNormalized: { campaignId, emailNormalized: entryEmailKey(userEmail) } },
      select,
    });
  }
  return null;
}
