/**
 * Drives the campaign wizard through its route action like a browser would, for tests that need a
 * campaign at a given step.
 */
import sharp from "sharp";
import { expect } from "vitest";
import { prisma } from "~/server/core/db.server";
import { CookieJar, location, ORIGIN, run, statusOf } from "./http";

let seq = 0;

export async function signedInJar(prefix = "creator"): Promise<{ jar: CookieJar; userId: string; email: string }> {
  seq += 1;
  const email = `${prefix}-${seq}-${Date.now()}@example.com`;
  const user = await prisma.user.create({ data: { email, firstName: "Casey" } });
  const session = await prisma.session.create({ data: { userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) } });
  const { authSessionStorage } = await import("~/server/auth/session.server");
  const storage = authSessionStorage();
  const cookieSession = await storage.getSession();
  cookieSession.set("sessionId", session.id);
  const jar = new CookieJar();
  jar.absorb(new Response(null, { headers: { "Set-Cookie": await storage.commitSession(cookieSession) } }));
  return { jar, userId: user.id, email };
}

export function form(fields: Record<string, string | string[] | File>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return data;
}

export function postForm(jar: CookieJar, path: string, data: FormData): Request {
  return new Request(new URL(path, ORIGIN), { method: "POST", headers: { Cookie: jar.header() }, body: data });
}

export const STEP1 = {
  step: "1",
  title: "Integration Giveaway",
  description: "A campaign made by the integration suite.",
  brandName: "Suite Co",
  productType: "t-shirt",
  isPromotingProduct: "no",
};

/** What the official rules need before launch (decision 053), as step 4 posts it. */
export const STEP4_RULES = {
  sponsorLegalName: "Suite Co LLC",
  sponsorAddress: "1 Test Street, Springfield, IL 62701, USA",
  minimumAge: "18",
  prizeValue: "25",
};

/** A signed-in creator's campaign saved through step `last` (1 to 4); answers its id. */
export async function draftThroughStep(
  jar: CookieJar,
  last: number,
  extra: { planId?: string; title?: string; productType?: string } = {},
): Promise<string> {
  // Loaded here, not at the top: most files use only signedInJar, and the wizard's route module brings the
  // whole wizard (views and server steps) through Vitest's transform, seconds per file (decision 098).
  const wizard = await import("~/routes/create-campaign-v2");
  let result = (await run(
    wizard.action,
    postForm(
      jar,
      "/create-campaign-v2",
      form({ ...STEP1, ...(extra.title ? { title: extra.title } : {}), ...(extra.productType ? { productType: extra.productType } : {}) }),
    ),
  )) as Response;
  jar.absorb(result);
  const campaignId = new URL(location(result) ?? "", ORIGIN).searchParams.get("campaignId") ?? "";
  expect(campaignId).not.toBe("");
  const url = `/create-campaign-v2?campaignId=${campaignId}`;
  if (last >= 2) {
    result = (await run(wizard.action, postForm(jar, url, form({ step: "2", planId: extra.planId ?? "starter_tee" })))) as Response;
    expect(statusOf(result)).toBe(302);
  }
  if (last >= 3) {
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: "#7c3aed" } })
      .png()
      .toBuffer();
    const design = new File([new Uint8Array(png)], "design.png", { type: "image/png" });
    result = (await run(
      wizard.action,
      postForm(jar, url, form({ step: "3", designMode: "upload", designFile: design, selectedColors: ["white"], selectedSizes: ["M"] })),
    )) as Response;
    expect(statusOf(result)).toBe(302);
  }
  if (last >= 4) {
    const today = new Date().toISOString().slice(0, 10);
    result = (await run(
      wizard.action,
      postForm(jar, url, form({ step: "4", startDate: today, durationDays: "7", termsAccepted: "on", ...STEP4_RULES })),
    )) as Response;
    expect(statusOf(result)).toBe(302);
  }
  return campaignId;
}
