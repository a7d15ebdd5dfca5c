import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { CookieJar } from "../helpers/http";
import { signedInJar } from "../helpers/wizard";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let app: InProcessAppServer;

beforeAll(async () => {
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
});

function get(jar: CookieJar, path: string): Promise<Response> {
  return fetch(`${app.url}${path}`, { redirect: "manual", headers: { Cookie: jar.header() } }).then((r) => jar.absorb(r));
}

/** A plain form post (as without JavaScript), with repeated fields for the checked boxes. */
function post(jar: CookieJar, path: string, fields: [string, string][]): Promise<Response> {
  return fetch(`${app.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header() },
    body: new URLSearchParams(fields),
  }).then((r) => jar.absorb(r));
}

function unescape(text: string): string {
  return text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

const analytics = (campaignId: string) => `/dashboard/campaigns/${campaignId}/analytics`;

/** The review section's HTML (the page after the "Entries to review" heading). */
async function reviewSection(jar: CookieJar, campaignId: string): Promise<string> {
  const response = await get(jar, analytics(campaignId));
  expect(response.status).toBe(200);
  const html = unescape(await response.text());
  const start = html.indexOf('data-testid="fraud-review"');
  expect(start).toBeGreaterThan(0);
  return html.slice(start);
}

/** The text of the listed entry row of this entry id (tags removed), or null when it is not listed. */
function rowText(section: string, entryId: string): string | null {
  const start = section.indexOf(`data-entry-id="${entryId}"`);
  if (start < 0) return null;
  const end = section.indexOf("</li>", section.indexOf("<button", start) > 0 ? section.indexOf("<button", start) : start);
  return section
    .slice(start, end)
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

interface Seed {
  email: string;
  at: Date;
  ipNetwork?: string;
  browserId?: string;
  referrerId?: string;
  referralCredited?: boolean;
  bonusEntries?: number;
  confirmed?: boolean;
}

async function addEntry(campaignId: string, seed: Seed) {
  return prisma.entry.create({
    data: {
      campaignId,
      email: seed.email,
      emailNormalized: seed.email.toLowerCase(),
      agreedToTerms: true,
      createdAt: seed.at,
      confirmedAt: seed.confirmed === false ? null : seed.at,
      ip: seed.ipNetwork ? seed.ipNetwork.replace(/0\/24$/, "7") : null,
      ipNetwork: seed.ipNetwork ?? null,
      browserId: seed.browserId ?? null,
      referrerId: seed.referrerId ?? null,
      referralCredited: seed.referralCredited ?? false,
      bonusEntries: seed.bonusEntries ?? 0,
    },
  });
}

const NAMES = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo", "lima", "mike"];

describe("fraud review: flags", () => {
  it("flags each seeded pattern with a reason and its count, and nothing in a clean campaign", async () => {
    const owner = await signedInJar("fraud-flags");
    const start = new Date(Date.now() - 3 * DAY);
    const campaign = await createCampaign({ creatorId: owner.userId, startDate: start, endDate: new Date(start.getTime() + 7 * DAY) });
    const c = campaign.id;
    const t0 = start.getTime() + 2 * HOUR;

    // 6 entries from one /24 within 40 minutes.
    const network = [];
    for (let i = 0; i < 6; i++) {
      network.push(
        await addEntry(c, { email: `net-${NAMES[i]}@mail.test`, at: new Date(t0 + i * 8 * MINUTE), ipNetwork: "203.0.113.0/24" }),
      );
    }
    // 3 entries from one browser within 100 minutes, each from its own network.
    const browser = [];
    for (let i = 0; i < 3; i++) {
      browser.push(
        await addEntry(c, {
          email: `browser-${NAMES[i]}@mail.test`,
          at: new Date(t0 + 6 * HOUR + i * 50 * MINUTE),
          ipNetwork: `192.0.2${i}.0/24`,
          browserId: "browser-one",
        }),
      );
    }
    // 12 entries in one clock minute (bursts are counted per UTC minute, so the 12 seconds start on one).
    const burst = [];
    const burstMinute = Math.ceil((t0 + DAY) / MINUTE) * MINUTE;
    for (let i = 0; i < 12; i++) {
      burst.push(await addEntry(c, { email: `burst-${NAMES[i]}@mail.test`, at: new Date(burstMinute + i * 1000) }));
    }
    // A referrer and 3 credited referrals from its own network, hours apart.
    const referrer = await addEntry(c, {
      email: "ring-leader@mail.test",
      at: new Date(t0 + 30 * HOUR),
      ipNetwork: "198.51.100.0/24",
      bonusEntries: 9,
    });
    const ring = [];
    for (let i = 0; i < 3; i++) {
      ring.push(
        await addEntry(c, {
          email: `ring-${NAMES[i]}@mail.test`,
          at: new Date(t0 + (31 + 2 * i) * HOUR),
          ipNetwork: "198.51.100.0/24",
          referrerId: referrer.id,
          referralCredited: true,
        }),
      );
    }
    // A referrer whose 3 referred entries never confirmed.
    const lonely = await addEntry(c, { email: "lonely@mail.test", at: new Date(t0 + 40 * HOUR) });
    for (let i = 0; i < 3; i++) {
      await addEntry(c, {
        email: `ghost-${NAMES[i]}@elsewhere.test`,
        at: new Date(t0 + (41 + 3 * i) * HOUR),
        referrerId: lonely.id,
        confirmed: false,
      });
    }
    // Look-alike addresses at one domain.
    const lookAlikes = [];
    for (const [i, email] of ["john.smith1@example.org", "johnsmith2@example.org", "john_smith3@example.org"].entries()) {
      lookAlikes.push(await addEntry(c, { email, at: new Date(t0 + (50 + 4 * i) * HOUR) }));
    }
    // A referrer whose 3 confirmed referrals are at one catch-all domain, each from its own network, days apart
    // (decision 103); and one whose 3 referrals are at gmail.com, which is ordinary.
    const farmer = await addEntry(c, { email: "farmer@gmail.com", at: new Date(t0 + 8 * HOUR), ipNetwork: "192.0.30.0/24" });
    const farmed = [];
    for (const [i, local] of ["kq3z", "pp9x", "wmv7"].entries()) {
      farmed.push(
        await addEntry(c, {
          email: `${local}@farm-domain.test`,
          at: new Date(t0 + (9 + 4 * i) * HOUR),
          ipNetwork: `192.0.3${i + 1}.0/24`,
          referrerId: farmer.id,
          referralCredited: true,
        }),
      );
    }
    const popular = await addEntry(c, { email: "popular@mail.test", at: new Date(t0 + 9 * HOUR), ipNetwork: "192.0.40.0/24" });
    const friends = [];
    for (const [i, name] of ["oscar", "papa", "quebec"].entries()) {
      friends.push(
        await addEntry(c, {
          email: `${name}@gmail.com`,
          at: new Date(t0 + (10 + 4 * i) * HOUR),
          ipNetwork: `192.0.4${i + 1}.0/24`,
          referrerId: popular.id,
          referralCredited: true,
        }),
      );
    }
    // Someone who is not part of any pattern.
    const innocent = await addEntry(c, { email: "quiet-person@mail.test", at: new Date(t0 + 20 * HOUR), ipNetwork: "203.0.113.0/24" });

    const section = await reviewSection(owner.jar, c);
    expect(section).toContain("6 entries from network 203.0.113.0/24 within 40 minutes");
    expect(section).toContain("3 entries from one browser within 2 hours");
    expect(section).toMatch(
      /12 entries in the minute from [A-Z][a-z]{2} \d{1,2}, \d\d:\d\d UTC; the giveaway usually gets about \d+ entries a day/,
    );
    expect(section).toContain("A referrer and 3 entries through its link, all from network 198.51.100.0/24");
    expect(section).toContain("3 entries came through this entry's link and none of them has been confirmed");
    expect(section).toContain("3 look-alike addresses at example.org");
    expect(section).toContain(
      "A referrer and 3 confirmed entries through its link, all at farm-domain.test, which is not a public email provider",
    );
    // The ring's referrals are at mail.test, one domain too: flagged for it beside their network.
    expect(rowText(section, ring[0]!.id)).toContain("all at mail.test");

    for (const entry of network) expect(rowText(section, entry.id)).toContain("from network 203.0.113.0/24");
    for (const entry of browser) expect(rowText(section, entry.id)).toContain("from one browser");
    for (const entry of burst) expect(rowText(section, entry.id)).toContain("12 entries in the minute");
    for (const entry of [referrer, ...ring]) expect(rowText(section, entry.id)).toContain("all from network 198.51.100.0/24");
    expect(rowText(section, lonely.id)).toContain("none of them has been confirmed");
    for (const entry of lookAlikes) expect(rowText(section, entry.id)).toContain("look-alike addresses at example.org");
    for (const entry of [farmer, ...farmed]) expect(rowText(section, entry.id)).toContain("all at farm-domain.test");
    for (const entry of [popular, ...friends]) expect(rowText(section, entry.id)).toBeNull();
    expect(rowText(section, network[0]!.id)).toContain(network[0]!.email);
    expect(rowText(section, network[0]!.id)).toContain("Confirmed");
    expect(rowText(section, innocent.id)).toBeNull();
    // 6 + 3 + 12 + 4 + 1 + 3 + 4 entries, each listed once.
    expect(section).toContain("(33 listed)");

    // A clean campaign: entries spread out, one referral from another network.
    const clean = await createCampaign({ creatorId: owner.userId, startDate: start, endDate: new Date(start.getTime() + 7 * DAY) });
    const first = await addEntry(clean.id, {
      email: "ann@mail.test",
      at: new Date(t0),
      ipNetwork: "203.0.113.0/24",
      browserId: "b-1",
      bonusEntries: 3,
    });
    for (let i = 0; i < 8; i++) {
      await addEntry(clean.id, {
        email: `${NAMES[i]}@mail.test`,
        at: new Date(t0 + (i + 1) * 5 * HOUR),
        ipNetwork: i < 4 ? "203.0.113.0/24" : `2001:db8:${i}::/64`,
        browserId: `b-${i + 2}`,
        ...(i === 0 ? { referrerId: first.id, referralCredited: true } : {}),
      });
    }
    const cleanSection = await reviewSection(owner.jar, clean.id);
    expect(cleanSection).toContain("Nothing suspicious found so far.");
    expect(cleanSection).not.toContain("data-entry-id=");
  });
});

describe("fraud review: disqualify and restore", () => {
  /** A live campaign (limit 5): referrer X with two credited, confirmed referrals, and a pending entry. */
  async function reviewCampaign(prefix: string) {
    const owner = await signedInJar(prefix);
    const campaign = await createCampaign({ creatorId: owner.userId, entryLimit: 5, entryCount: 3 });
    const at = (h: number) => new Date(Date.now() - 10 * HOUR + h * HOUR);
    const x = await addEntry(campaign.id, { email: "x@mail.test", at: at(0), bonusEntries: 6 });
    const r1 = await addEntry(campaign.id, { email: "r1@mail.test", at: at(1), referrerId: x.id, referralCredited: true });
    const r2 = await addEntry(campaign.id, { email: "r2@mail.test", at: at(2), referrerId: x.id, referralCredited: true });
    const pending = await addEntry(campaign.id, { email: "p@mail.test", at: at(3), confirmed: false });
    return { owner, campaign, x, r1, r2, pending };
  }

  const state = async (campaignId: string, xId: string) => ({
    entryCount: (await prisma.campaign.findUniqueOrThrow({ where: { id: campaignId } })).entryCount,
    bonus: (await prisma.entry.findUniqueOrThrow({ where: { id: xId } })).bonusEntries,
  });

  it("disqualifies one entry and in bulk, keeping the entry count and the referrer's bonus true, and restores within the limit", async () => {
    const { owner, campaign, x, r1, r2, pending } = await reviewCampaign("fraud-dq");
    const path = analytics(campaign.id);

    const one = await post(owner.jar, path, [
      ["intent", `disqualify:${r1.id}`],
      ["reason", "fake"],
      ["note", ""],
    ]);
    expect(one.status).toBe(303);
    expect(one.headers.get("Location")).toBe(`${path}#entries-to-review`);
    const r1After = await prisma.entry.findUniqueOrThrow({ where: { id: r1.id } });
    expect(r1After.disqualifiedAt).not.toBeNull();
    expect(r1After.disqualifyReason).toBe("fake");
    expect(r1After.disqualifyNote).toBeNull();
    expect(r1After.referralCredited).toBe(true);
    expect(await state(campaign.id, x.id)).toEqual({ entryCount: 2, bonus: 3 });

    // The same post again changes nothing.
    const again = await post(owner.jar, path, [
      ["intent", `disqualify:${r1.id}`],
      ["reason", "fake"],
    ]);
    expect(again.status).toBe(303);
    expect(await state(campaign.id, x.id)).toEqual({ entryCount: 2, bonus: 3 });
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: r1.id } })).disqualifiedAt).toEqual(r1After.disqualifiedAt);

    // Bulk: a counted referral and a pending entry (which never counted).
    const bulk = await post(owner.jar, path, [
      ["intent", "disqualify"],
      ["entryId", r2.id],
      ["entryId", pending.id],
      ["reason", "duplicate"],
      ["note", "Same person as r1"],
    ]);
    expect(bulk.status).toBe(303);
    expect(await state(campaign.id, x.id)).toEqual({ entryCount: 1, bonus: 0 });
    const pendingAfter = await prisma.entry.findUniqueOrThrow({ where: { id: pending.id } });
    expect(pendingAfter).toMatchObject({ disqualifyReason: "duplicate", disqualifyNote: "Same person as r1", confirmedAt: null });

    // The page lists them as disqualified, with the creator's note and a Restore button.
    const section = await reviewSection(owner.jar, campaign.id);
    expect(rowText(section, r2.id)).toContain("Disqualified: Duplicate");
    expect(rowText(section, r2.id)).toContain("Your note: Same person as r1");
    expect(section).toContain(`value="restore:${r1.id}"`);
    expect(section).toContain("Disqualified entries (3)");

    // Restore: counts again and gives the referrer its bonus back.
    const restored = await post(owner.jar, path, [["intent", `restore:${r1.id}`]]);
    expect(restored.status).toBe(303);
    expect(await state(campaign.id, x.id)).toEqual({ entryCount: 2, bonus: 3 });
    expect(await prisma.entry.findUniqueOrThrow({ where: { id: r1.id } })).toMatchObject({
      disqualifiedAt: null,
      disqualifyReason: null,
      disqualifyNote: null,
    });

    // At the limit a counted entry cannot come back; a pending one can (it does not count).
    await prisma.campaign.update({ where: { id: campaign.id }, data: { entryLimit: 2 } });
    const full = await post(owner.jar, path, [["intent", `restore:${r2.id}`]]);
    expect(full.status).toBe(409);
    expect(unescape(await full.text())).toContain("This giveaway has reached its limit of 2 entries, so no entry can be restored.");
    expect(await state(campaign.id, x.id)).toEqual({ entryCount: 2, bonus: 3 });
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: r2.id } })).disqualifiedAt).not.toBeNull();

    await prisma.campaign.update({ where: { id: campaign.id }, data: { entryLimit: 3 } });
    const tooMany = await post(owner.jar, path, [
      ["intent", "disqualify"],
      ["entryId", x.id],
      ["reason", "rules"],
    ]);
    expect(tooMany.status).toBe(303);
    // Now 1 counted of 3 allowed: two more fit, so restoring r2 and x together works.
    const both = await post(owner.jar, path, [
      ["intent", "restore"],
      ["entryId", r2.id],
      ["entryId", x.id],
      ["entryId", pending.id],
    ]);
    expect(both.status).toBe(303);
    expect(await state(campaign.id, x.id)).toEqual({ entryCount: 3, bonus: 6 });
    expect(await prisma.entry.count({ where: { campaignId: campaign.id, disqualifiedAt: { not: null } } })).toBe(0);
  });

  it("refuses bad input with a message and a 400, changing nothing", async () => {
    const { owner, campaign, x, r1 } = await reviewCampaign("fraud-bad");
    const path = analytics(campaign.id);
    const other = await createCampaign({ creatorId: owner.userId });
    const foreign = await addEntry(other.id, { email: "elsewhere@mail.test", at: new Date() });

    const cases: [[string, string][], string][] = [
      [
        [
          ["intent", `disqualify:${r1.id}`],
          ["reason", "spam"],
        ],
        "Choose why the entries are disqualified.",
      ],
      [[["intent", `disqualify:${r1.id}`]], "Choose why the entries are disqualified."],
      [
        [
          ["intent", "disqualify"],
          ["reason", "fake"],
        ],
        "Select at least one entry.",
      ],
      [
        [
          ["intent", "disqualify"],
          ["entryId", foreign.id],
          ["entryId", r1.id],
          ["reason", "fake"],
        ],
        "Some of the selected entries are not entries of this giveaway.",
      ],
      [[["intent", "delete"]], "Unknown action."],
      [
        [
          ["intent", `disqualify:${r1.id}`],
          ["reason", "fake"],
          ["note", "x".repeat(501)],
        ],
        "The note can be at most 500 characters.",
      ],
    ];
    for (const [fields, message] of cases) {
      const response = await post(owner.jar, path, fields);
      expect(response.status, message).toBe(400);
      const html = unescape(await response.text());
      expect(html, message).toContain(message);
      expect(html).toContain("Entries to review");
    }
    expect(await state(campaign.id, x.id)).toEqual({ entryCount: 3, bonus: 6 });
    expect(await prisma.entry.count({ where: { disqualifiedAt: { not: null }, campaignId: { in: [campaign.id, other.id] } } })).toBe(0);
  });

  it("refuses every change once the entry list is frozen (409), and shows why", async () => {
    const { owner, campaign, x, r1, r2 } = await reviewCampaign("fraud-frozen");
    const path = analytics(campaign.id);
    expect(
      (
        await post(owner.jar, path, [
          ["intent", `disqualify:${r2.id}`],
          ["reason", "automated"],
        ])
      ).status,
    ).toBe(303);
    await prisma.campaign.update({ where: { id: campaign.id }, data: { listFrozenAt: new Date() } });
    const before = await prisma.entry.findMany({ where: { campaignId: campaign.id }, orderBy: { id: "asc" } });

    const disqualify = await post(owner.jar, path, [
      ["intent", `disqualify:${r1.id}`],
      ["reason", "fake"],
    ]);
    expect(disqualify.status).toBe(409);
    expect(unescape(await disqualify.text())).toContain("The entry list is frozen; entries can no longer be disqualified.");
    const restore = await post(owner.jar, path, [["intent", `restore:${r2.id}`]]);
    expect(restore.status).toBe(409);
    expect(unescape(await restore.text())).toContain("The entry list is frozen; entries can no longer be restored.");

    expect(await prisma.entry.findMany({ where: { campaignId: campaign.id }, orderBy: { id: "asc" } })).toEqual(before);
    expect(await state(campaign.id, x.id)).toEqual({ entryCount: 2, bonus: 3 });

    const section = await reviewSection(owner.jar, campaign.id);
    expect(section).toContain("The entry list is frozen; entries can no longer be disqualified.");
    expect(section).not.toContain('value="restore:');
    expect(section).not.toContain("Disqualify selected");
  });

  it("is a 404 for another creator and a sign-in for visitors", async () => {
    const { campaign, x, r1 } = await reviewCampaign("fraud-owner");
    const other = await signedInJar("fraud-other");
    const path = analytics(campaign.id);
    const fields: [string, string][] = [
      ["intent", `disqualify:${r1.id}`],
      ["reason", "fake"],
    ];
    const foreign = await post(other.jar, path, fields);
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain("r1@mail.test");
    const anonymous = await post(new CookieJar(), path, fields);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
    expect(await state(campaign.id, x.id)).toEqual({ entryCount: 3, bonus: 6 });
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: r1.id } })).disqualifiedAt).toBeNull();
  });
});
