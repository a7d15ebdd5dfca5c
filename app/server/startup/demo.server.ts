/**
 * The demo campaigns a fresh install shows (DEMO_DATA, on unless "false"): fictional brands, live
 * ones taking entries and ended ones with a drawn winner, a claimed prize and an order. Written by
 * the seeder into a database without campaigns, in its transaction; the same content on every install.
 */
import { createHash, randomBytes } from "node:crypto";
import { createId } from "@paralleldrive/cuid2";
import { parseGarmentSizes, productSizes } from "../../domain/campaign-schemas";
import { CampaignStatus } from "../../domain/campaign-status";
import { roundAt, roundTimeMs } from "../../domain/beacon";
import { finalSeed } from "../../domain/beacon-verify";
import { compareDrawOrder, drawPicks, entryListText, parseActionList, parseEntryList } from "../../domain/draw";
import { actionListText } from "../../domain/entry-actions";
import { CURRENT_CONSENT_IDS } from "../../domain/consent";
import { RULES_VERSION } from "../../domain/official-rules";
import type { Prisma } from "../core/db.server";
import { getConfig } from "../core/config.server";
import { DEMO_CHAIN, demoBeacon } from "../draw/beacon.server";
import { approximateRetailValueCents } from "../../domain/prize-values";
import { nodeDrawHashing } from "../draw/run.server";
import { REFERRAL_BONUS_ENTRIES } from "../../domain/entries";
import { DEMO_CREATOR_EMAIL } from "../../domain/demo";
import { demoDesignFor, demoDesignUrl } from "./demo-designs.server";
import { endSentence } from "../../domain/sentences";
import type { SeedResult } from "./seed.server";
import { SLIDER_IMAGE_PATHS } from "../../paths";
import { OrderStatus } from "../../domain/orders";
import { type DemoActions, demoEntryActions } from "./demo-actions.server";

type Tx = Prisma.TransactionClient;

/** mulberry32: a tiny seeded PRNG, so every install gets the same demo content. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (probability: number) => next() < probability;
  return { next, int, pick, chance };
}

type Random = ReturnType<typeof createRandom>;

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

type DemoCampaignIdea = {
  brandName: string;
  brandUrl: string;
  instagramHandle: string;
  title: string;
  description: string;
  productType: "t-shirt" | "hoodie" | "mug";
  prompt: string;
  live: boolean;
};

// Fictional brands; "live" campaigns run now, the others ended with a winner.
// prettier-ignore
const DEMO_CAMPAIGNS: DemoCampaignIdea[] = [
  { brandName: "Northwind Roasters", brandUrl: "https://northwind.example", instagramHandle: "northwind.roasters", title: "Win the Northwind Morning Mug", description: "Start every morning right: enter to win our limited-run ceramic mug, printed with our golden-hour photo of the mountains we roast under.", productType: "mug", prompt: "steaming coffee cup with mountain sunrise, line art", live: true },
  { brandName: "Pixel & Pine", brandUrl: "https://pixelandpine.example", instagramHandle: "pixelandpine", title: "Pixel & Pine Forest Tee Giveaway", description: "Our pine forest pattern, printed on a soft cotton tee. One lucky follower takes it home.", productType: "t-shirt", prompt: "pixel art pine forest at dusk", live: true },
  { brandName: "Trailhead Outfitters", brandUrl: "https://trailhead.example", instagramHandle: "trailhead_outfitters", title: "Summit Hoodie Drop", description: "Celebrate trail season with a heavyweight hoodie featuring our summit badge. Enter for your chance to win.", productType: "hoodie", prompt: "vintage mountain summit badge with compass", live: true },
  { brandName: "Lumen Studio", brandUrl: "https://lumen.example", instagramHandle: "lumen.studio", title: "Lumen Studio Launch Tee", description: "We just opened our doors! To celebrate, we are giving away our launch tee designed by the studio team.", productType: "t-shirt", prompt: "abstract geometric light rays, minimal", live: true },
  { brandName: "Cedar & Salt Bakery", brandUrl: "https://cedarandsalt.example", instagramHandle: "cedarandsalt", title: "Sourdough Club Mug Giveaway", description: "Join the Sourdough Club: win a mug printed with our drawing of a sourdough loaf and wheat.", productType: "mug", prompt: "hand drawn sourdough loaf with wheat", live: true },
  { brandName: "Riff Records", brandUrl: "https://riffrecords.example", instagramHandle: "riff.records", title: "Vinyl Night Hoodie", description: "Every Friday is vinyl night. Win our hoodie with the spinning-record artwork from our neon sign.", productType: "hoodie", prompt: "retro vinyl record with neon glow", live: true },
  { brandName: "Bloom Yoga", brandUrl: "https://bloomyoga.example", instagramHandle: "bloom.yoga", title: "Breathe Easy Tee", description: "A breathable tee for your practice, printed with our flower mark. Enter and namaste.", productType: "t-shirt", prompt: "minimal lotus flower line drawing", live: true },
  { brandName: "Byte Size Podcast", brandUrl: "https://bytesize.example", instagramHandle: "bytesizepod", title: "Episode 100 Celebration Tee", description: "We hit 100 episodes! Thank you for listening. Win the anniversary tee with our microphone-and-headphones badge.", productType: "t-shirt", prompt: "cartoon microphone mascot with headphones", live: false },
  { brandName: "Harbor Books", brandUrl: "https://harborbooks.example", instagramHandle: "harbor.books", title: "Reading Nook Mug", description: "Curl up with a good book and a warm drink. Win our reading nook mug, with its armchair-and-books drawing.", productType: "mug", prompt: "cozy armchair with stack of books, vintage", live: false },
  { brandName: "Velocity Cycling Club", brandUrl: "https://velocity.example", instagramHandle: "velocity.cc", title: "Century Ride Hoodie", description: "Finished the century ride or cheering from the roadside? Win the official club hoodie.", productType: "hoodie", prompt: "road bike speed lines, bold graphic", live: false },
  { brandName: "Sunday Kitchen", brandUrl: "https://sundaykitchen.example", instagramHandle: "sunday.kitchen", title: "Sunday Brunch Tee", description: "Pancakes, coffee and a new tee. Enter to win our brunch club shirt.", productType: "t-shirt", prompt: "stack of pancakes with syrup, retro diner style", live: false },
  { brandName: "Arcade Alley", brandUrl: "https://arcadealley.example", instagramHandle: "arcade.alley", title: "High Score Hoodie", description: "Beat the high score, win the hoodie. Our gamepad artwork on a cosy black hoodie.", productType: "hoodie", prompt: "8-bit arcade cabinet with joystick", live: false },
];

// prettier-ignore
const FIRST_NAMES = ["olivia", "liam", "emma", "noah", "ava", "elijah", "sophia", "lucas", "mia", "mateo", "isabella", "levi", "amelia", "ethan", "harper", "james", "evelyn", "leo", "luna", "henry", "chloe", "jack", "nora", "owen", "zoe", "samuel", "maya", "daniel", "aria", "kai", "priya", "arjun", "sofia", "diego", "yuki", "hana", "fatima", "omar", "grace", "ivan"];
// prettier-ignore
const LAST_NAMES = ["smith", "johnson", "garcia", "miller", "davis", "martinez", "lopez", "wilson", "anderson", "thomas", "taylor", "moore", "lee", "walker", "hall", "young", "king", "wright", "scott", "green", "baker", "nelson", "carter", "patel", "nguyen", "kim", "chen", "singh", "rossi", "muller"];
// Reserved example domains (RFC 2606): demo entrants can never receive real mail, even when a demo
// campaign ends and its winner is emailed.
const EMAIL_DOMAINS = ["example.com", "example.com", "example.net", "example.org", "mail.example", "inbox.example"];
const COLORS = ["white", "black", "heather_gray"] as const;
const STYLES = ["modern minimalist", "vintage graphic", "abstract geometric"] as const;
const SHIPPED_STATUSES = [
  OrderStatus.shipped,
  OrderStatus.fulfilled,
  OrderStatus.submitted,
  OrderStatus.pending,
  OrderStatus.shipped,
] as const;

function demoEmail(random: Random, taken: Set<string>): string {
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const shapes = [`${first}.${last}`, `${first}${last}`, `${first}_${last}`, `${first[0]}${last}`, `${first}.${last}${random.int(1, 99)}`];
  let local = random.pick(shapes);
  while (taken.has(local)) local = `${local}${random.int(1, 9)}`;
  taken.add(local);
  return `${local}@${random.pick(EMAIL_DOMAINS)}`;
}

/** The sizes of a list the product is made in (a hoodie has no XS). */
function demoSizes(productType: DemoCampaignIdea["productType"], sizes: string): string {
  const made = productSizes(productType);
  return parseGarmentSizes(sizes)
    .filter((size) => made.includes(size))
    .join(",");
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Inserts the demo creator and 12 campaigns with entries, only into a database without campaigns. */
export async function seedDemoCampaigns(tx: Tx): Promise<Pick<SeedResult, "demoCampaigns" | "demoEntries">> {
  if ((await tx.campaign.count()) > 0) return { demoCampaigns: 0, demoEntries: 0 };

  const random = createRandom(20261122);
  const now = Date.now();
  const creator = await tx.user.upsert({
    where: { email: DEMO_CREATOR_EMAIL },
    create: { email: DEMO_CREATOR_EMAIL, firstName: "Demo", lastName: "Creator", brandName: "Giveawear Demo" },
    update: {},
  });
  const plans = new Map((await tx.plan.findMany()).map((plan) => [plan.id, plan]));
  const save10 = await tx.coupon.findUnique({ where: { code: "SAVE10" } });

  const campaigns: Prisma.CampaignCreateManyInput[] = [];
  const prizes: Prisma.AdditionalPrizeCreateManyInput[] = [];
  const entries: Prisma.EntryCreateManyInput[] = [];
  const orders: Prisma.OrderCreateManyInput[] = [];
  const draws: Prisma.DrawCreateManyInput[] = [];
  const lists: Prisma.EntryListCreateManyInput[] = [];
  const chunks: Prisma.EntryListChunkCreateManyInput[] = [];
  const actionLists: Prisma.ActionListCreateManyInput[] = [];
  const actionChunks: Prisma.ActionListChunkCreateManyInput[] = [];
  const entryActions: Prisma.EntryActionCreateManyInput[] = [];
  const completions: Prisma.ActionCompletionCreateManyInput[] = [];
  // The entry actions' own numbers (demo-actions.server.ts): `random` draws what it always drew.
  const actionRandom = createRandom(20261129);
  let pastIndex = 0;

  for (const [index, idea] of DEMO_CAMPAIGNS.entries()) {
    const id = createId();
    const entryTotal = random.int(20, 169);
    const planId = entryTotal <= 50 ? random.pick(["starter_tee", "growth_tee"]) : random.chance(0.7) ? "growth_tee" : "pro_tee";
    const plan = plans.get(planId);
    const priceCents = plan?.priceCents ?? 0;
    const withCoupon = priceCents > 0 && save10 !== null && random.chance(0.3);
    const discountCents = withCoupon ? Math.round((priceCents * (save10?.percentOff ?? 0)) / 100) : 0;

    const durationDays = random.pick([7, 14, 21, 30]);
    const endMs = idea.live
      ? now + random.int(1, durationDays - 1) * DAY + random.int(1, 23) * HOUR
      : now - random.int(2, 60) * DAY - random.int(0, 23) * HOUR;
    const startMs = endMs - durationDays * DAY;
    const lastEntryMs = Math.min(now, endMs);

    // Entries arrive in time order so that a referral always points at an earlier entry.
    const times = Array.from({ length: entryTotal }, () => startMs + random.next() * (lastEntryMs - startMs)).sort((a, b) => a - b);
    const takenLocals = new Set<string>();
    const campaignEntries: (Prisma.EntryCreateManyInput & { id: string; email: string; bonusEntries: number; createdAt: Date })[] = [];
    for (const time of times) {
      const email = demoEmail(random, takenLocals);
      const referrer = campaignEntries.length >= 3 && random.chance(0.18) ? random.pick(campaignEntries) : undefined;
      if (referrer) referrer.bonusEntries += REFERRAL_BONUS_ENTRIES;
      campaignEntries.push({
        id: createId(),
        campaignId: id,
        email,
        emailNormalized: email.toLowerCase(),
        phoneNumber: random.chance(0.25) ? `+1 555 01${String(random.int(0, 99)).padStart(2, "0")}` : null,
        referrerId: referrer?.id ?? null,
        referralCredited: referrer !== undefined,
        bonusEntries: 0,
        marketingConsent: random.chance(0.4),
        agreedToTerms: true,
        createdAt: new Date(time),
        // Demo entrants confirmed their entries at once (decision 038: only confirmed entries count).
        confirmedAt: new Date(time),
      });
      // Their consent records (decision 054): the current wordings, given when they entered.
      const added = campaignEntries[campaignEntries.length - 1]!;
      added.termsWordingId = CURRENT_CONSENT_IDS.terms;
      if (added.marketingConsent)
        Object.assign(added, { marketingWordingId: CURRENT_CONSENT_IDS.marketing, marketingConsentAt: new Date(time) });
    }
    // A few past entries were disqualified by the creator's review before the list was frozen:
    // only entries nobody entered through and that came through nobody, so the weights stay as counted.
    if (!idea.live) {
      for (const entry of campaignEntries) {
        if (entry.referrerId || entry.bonusEntries > 0 || !random.chance(0.03)) continue;
        entry.disqualifiedAt = new Date(Math.min(endMs - 1, entry.createdAt.getTime() + HOUR));
        entry.disqualifyReason = random.pick(["duplicate", "fake"] as const);
      }
    }
    // Entry actions (decision 074) and what the counted entrants did of them, bonuses included.
    const demoActions = demoEntryActions(
      actionRandom,
      {
        id,
        index,
        brandName: idea.brandName,
        brandUrl: idea.brandUrl,
        instagramHandle: idea.instagramHandle,
        actionLimit: plan ? plan.entryActionLimit : null,
        startMs,
        lastMs: lastEntryMs,
        frozenMs: idea.live ? null : endMs,
      },
      campaignEntries,
    );
    entryActions.push(...demoActions.actions);
    completions.push(...demoActions.completions);
    const countedEntries = campaignEntries.filter((entry) => !entry.disqualifiedAt).length;
    entries.push(...campaignEntries);

    // Each demo shows its own design in the colours its words name (decision 044); the draw from
    // `random` stays, so every later number of the demo data is as it was.
    const randomColors = COLORS.filter(() => random.chance(0.6));
    const design = demoDesignFor(idea.title);
    const colors = design?.colors ?? randomColors;
    const style = random.pick(STYLES);
    const designImage = design ? demoDesignUrl(design) : SLIDER_IMAGE_PATHS[0];
    const offersCoupon = random.chance(0.4);
    const offersGift = random.chance(0.35);
    const totalCents = Math.max(0, priceCents - discountCents);
    const drawSeed = randomBytes(32).toString("hex");
    // Demo campaigns commit to the local demo chain (never drand): their draw pages say so.
    const beaconMargin = getConfig().DRAW_BEACON_MARGIN_MINUTES;
    const beaconRound = roundAt(DEMO_CHAIN, endMs + beaconMargin * 60_000);
    const campaign: Prisma.CampaignCreateManyInput = {
      id,
      creatorId: creator.id,
      status: idea.live ? CampaignStatus.active : CampaignStatus.completed,
      title: idea.title,
      description: idea.description,
      campaignCopy: `${endSentence(`${idea.title} by ${idea.brandName}`)} Enter with your email: it takes ten seconds.`,
      brandName: idea.brandName,
      brandUrl: idea.brandUrl,
      instagramHandle: idea.instagramHandle,
      productType: idea.productType,
      planId,
      entryLimit: plan?.entryLimit ?? null,
      entryActionLimit: plan?.entryActionLimit ?? null,
      analyticsLevel: plan?.analyticsLevel ?? "basic",
      customBranding: plan?.customBranding ?? false,
      couponCode: withCoupon ? "SAVE10" : null,
      discountCents,
      totalCents,
      designMode: "ai",
      designPrompt: idea.prompt,
      styleFilter: style,
      aiPrompt1: `${idea.prompt}, ${style}`,
      finalDesignUrl: designImage,
      selectedColors: (colors.length ? colors : ["white"]).join(","),
      // A mug is not made in sizes: it stores none.
      selectedSizes: idea.productType === "mug" ? "" : demoSizes(idea.productType, random.pick(["S,M,L,XL", "M,L,XL", "XS,S,M,L,XL,2XL"])),
      aiGenerationsUsed: 1,
      remainingGenerations: Math.max(0, (plan?.aiCredits ?? 1) - 1),
      startDate: new Date(startMs),
      durationDays,
      endDate: new Date(endMs),
      termsAccepted: true,
      // What the official rules state (decision 053): a fictional sponsor at a fictional address.
      sponsorLegalName: `${idea.brandName} LLC`,
      sponsorAddress: `${100 + index} Demo Street, Springfield, IL 62701, United States`,
      minimumAge: 18,
      prizeValueCents: approximateRetailValueCents(idea.productType),
      giveCouponToEntrants: offersCoupon,
      entrantCouponCode: offersCoupon ? `${idea.brandName.split(/\W+/)[0]?.toUpperCase() ?? "THANKS"}15` : "",
      entrantCouponDescription: offersCoupon ? "15% off your next order" : "",
      giveBonusGiftToWinner: offersGift,
      winnerBonusGiftName: offersGift ? `${idea.brandName} gift card` : "",
      winnerBonusGiftCode: offersGift ? `GIFT-${random.int(1000, 9999)}` : "",
      winnerBonusGiftInstructions: offersGift ? `Redeem at ${idea.brandUrl} at checkout.` : "",
      paidAt: totalCents > 0 ? new Date(startMs) : null,
      launchedAt: new Date(startMs),
      rulesVersion: RULES_VERSION,
      drawSeed,
      drawCommitment: createHash("sha256").update(drawSeed).digest("hex"),
      drawBeaconRound: beaconRound,
      // The margin the round above was planned with, published in draw.json (decision 110).
      drawBeaconMarginMinutes: beaconMargin,
      drawBeaconChain: DEMO_CHAIN.hash,
      entryCount: countedEntries,
      pageViews: entryTotal * random.int(3, 9),
      createdAt: new Date(startMs - DAY),
    };

    const prizeRanks = index % 4 === 1 ? [2, 3] : index % 3 === 0 ? [2] : [];
    let winners: (typeof campaignEntries)[number][] = [];
    let drawnAt: Date | null = null;
    if (!idea.live) {
      // Past campaigns were frozen and drawn by the real procedure (v3) on the demo chain, so each has
      // a frozen list and a published, verifiable draw (its /draw page, `npm run verify-draw`), and
      // its winners were notified then.
      const frozenAt = new Date(endMs + 2000);
      const drawnMs = roundTimeMs(DEMO_CHAIN, beaconRound) + 5000;
      drawnAt = new Date(drawnMs);
      const deadlines = new Map([1, ...prizeRanks].map((rank) => [rank, new Date(drawnMs + (rank === 1 ? 14 : 30) * DAY)]));
      const draw = demoDraw(drawSeed, campaignEntries, demoActions, [1, ...prizeRanks], beaconRound, drawnAt, deadlines);
      campaign.listFrozenAt = new Date(endMs);
      // Procedure version 3 (decision 075): actions.csv frozen with the list.
      actionLists.push({
        campaignId: id,
        sha256: draw.actions.sha256,
        byteLength: draw.actions.bytes.length,
        completionCount: draw.actions.completions,
        disqualifiedCount: draw.actions.disqualified,
      });
      actionChunks.push({ campaignId: id, index: 0, bytes: draw.actions.bytes });
      lists.push({
        campaignId: id,
        frozenAt,
        sha256: draw.list.sha256,
        byteLength: draw.list.bytes.length,
        entryCount: draw.entryCount,
        totalWeight: draw.totalWeight,
        disqualifiedCount: draw.list.disqualifiedCount,
        beaconRound,
        beaconChain: DEMO_CHAIN.hash,
      });
      chunks.push({ campaignId: id, index: 0, bytes: draw.list.bytes });
      draws.push({
        campaignId: id,
        // Demo draws are not time-stamped (decision 090): procedure 3.
        procedureVersion: 3,
        seed: draw.seed,
        secret: drawSeed,
        commitment: campaign.drawCommitment ?? null,
        entriesHash: draw.list.sha256,
        totalWeight: draw.totalWeight,
        entryCount: draw.entryCount,
        picks: JSON.stringify(draw.picks),
        beaconRound,
        beaconChain: DEMO_CHAIN.hash,
        beaconJson: draw.beaconJson,
        createdAt: drawnAt,
      });
      winners = draw.winners;
      campaign.winnersNotifiedAt = drawnAt;
    }
    for (const [prizeIndex, rank] of prizeRanks.entries()) {
      const winner = winners[prizeIndex + 1];
      prizes.push({
        campaignId: id,
        rank,
        title: rank === 2 ? `${idea.brandName} $25 store credit` : "Sticker pack",
        code: rank === 2 ? `CREDIT-${random.int(10000, 99999)}` : null,
        valueCents: rank === 2 ? 2500 : 500,
        winnerEntryId: winner?.id ?? null,
        winnerEmail: winner?.email ?? null,
        claimDeadline: winner && drawnAt ? new Date(drawnAt.getTime() + 30 * DAY) : null,
      });
    }

    const grandWinner = winners[0];
    if (grandWinner) {
      campaign.winnerEmail = grandWinner.email;
      campaign.winnerEntryId = grandWinner.id;
      campaign.claimDeadline = new Date((drawnAt ?? new Date(endMs)).getTime() + 14 * DAY);
      orders.push(
        demoOrder(
          random,
          id,
          grandWinner.email,
          endMs,
          now,
          SHIPPED_STATUSES[pastIndex % SHIPPED_STATUSES.length] ?? OrderStatus.pending,
          idea.productType,
          colors,
        ),
      );
      pastIndex += 1;
    }
    campaigns.push(campaign);
  }

  await tx.campaign.createMany({ data: campaigns });
  if (prizes.length) await tx.additionalPrize.createMany({ data: prizes });
  await tx.entry.createMany({ data: entries });
  if (entryActions.length) await tx.entryAction.createMany({ data: entryActions });
  if (completions.length) await tx.actionCompletion.createMany({ data: completions });
  if (lists.length) await tx.entryList.createMany({ data: lists });
  if (chunks.length) await tx.entryListChunk.createMany({ data: chunks });
  if (actionLists.length) await tx.actionList.createMany({ data: actionLists });
  if (actionChunks.length) await tx.actionListChunk.createMany({ data: actionChunks });
  if (draws.length) await tx.draw.createMany({ data: draws });
  if (orders.length) await tx.order.createMany({ data: orders });
  return { demoCampaigns: campaigns.length, demoEntries: entries.length };
}

/**
 * A demo campaign's frozen lists (draw.csv and actions.csv) and its draw by procedure v3
 * (app/domain/draw.ts) on the demo chain, as freezeEntryList and drawCampaign make them.
 */
function demoDraw<
  T extends {
    id: string;
    bonusEntries: number;
    createdAt: Date;
    referrerId?: string | null;
    disqualifiedAt?: Date | string | null;
    disqualifyReason?: string | null;
  },
>(
  secret: string,
  entries: readonly T[],
  completed: Pick<DemoActions, "counted" | "rejected">,
  ranks: number[],
  round: number,
  drawnAt: Date,
  deadlines: Map<number, Date>,
) {
  const counted = entries.filter((entry) => !entry.disqualifiedAt).sort(compareDrawOrder);
  const listed = new Set(counted.map((entry) => entry.id));
  const disqualified = entries
    .filter((entry) => entry.disqualifiedAt)
    .map((entry) => ({ id: entry.id, reason: entry.disqualifyReason ?? "rules" }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const text = entryListText(
    counted.map((entry) => ({
      id: entry.id,
      createdMs: entry.createdAt.getTime(),
      referrerId: entry.referrerId && listed.has(entry.referrerId) ? entry.referrerId : "",
      weight: 1 + entry.bonusEntries,
    })),
    disqualified,
  );
  const bytes = new Uint8Array(Buffer.from(text, "latin1"));
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  // actions.csv (procedure version 3): the counted completions (all of listed entries) and the rejected claims.
  const actionBytes = new Uint8Array(Buffer.from(actionListText(completed.counted, completed.rejected), "latin1"));
  const actions = parseActionList(actionBytes);
  // The same checks the freeze makes: a demo list that broke the published rules would fail here.
  const { pool } = parseEntryList(bytes, sha256, actions);
  const beacon = demoBeacon(round);
  const seed = finalSeed(secret, beacon.randomness);
  const picks = drawPicks(nodeDrawHashing, pool, seed, ranks).picks.map((pick) => ({
    ...pick,
    claimDeadline: deadlines.get(pick.rank)?.toISOString(),
    notifiedAt: drawnAt.toISOString(),
  }));
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return {
    list: { bytes, sha256, disqualifiedCount: disqualified.length },
    actions: {
      bytes: actionBytes,
      sha256: createHash("sha256").update(actionBytes).digest("hex"),
      completions: actions.completions,
      disqualified: actions.disqualified,
    },
    seed,
    beaconJson: JSON.stringify(beacon),
    totalWeight: pool.totalWeight,
    entryCount: pool.count,
    picks,
    winners: picks.map((pick) => byId.get(pick.entryId)!),
  };
}

function demoOrder(
  random: Random,
  campaignId: string,
  winnerEmail: string,
  endMs: number,
  now: number,
  status: OrderStatus,
  productType: DemoCampaignIdea["productType"],
  colors: readonly string[],
): Prisma.OrderCreateManyInput {
  const claimed = status !== OrderStatus.pending;
  const local = winnerEmail.split("@")[0] ?? "winner";
  const name = local
    .split(/[._\d]+/)
    .filter(Boolean)
    .map(capitalised)
    .join(" ");
  // Claim, fulfilment and shipping happened at fixed fractions of the time since the campaign ended.
  const sinceEnd = (fraction: number) => new Date(endMs + (now - endMs) * fraction);
  return {
    campaignId,
    prizeRank: 1,
    winnerEmail,
    status,
    size: claimed && productType !== "mug" ? random.pick(["S", "M", "L", "XL"]) : null,
    // A mug has no size or style to choose (a real mug claim stores neither).
    style: claimed && productType !== "mug" ? "Unisex" : null,
    // The winner chose one of the campaign's colours (one draw from `random`, as before).
    color: claimed ? random.pick(colors.length ? colors : COLORS) : null,
    shipName: claimed ? name || "Demo Winner" : null,
    shipLine1: claimed ? `${random.int(10, 999)} ${random.pick(["Maple", "Oak", "Harbor", "Sunset", "River"])} Street` : null,
    shipCity: claimed ? random.pick(["Springfield", "Riverton", "Lakeside", "Fairview"]) : null,
    shipRegion: claimed ? random.pick(["CA", "NY", "TX", "WA"]) : null,
    shipPostalCode: claimed ? String(random.int(10000, 99999)) : null,
    shipCountry: claimed ? "US" : null,
    submittedAt: claimed ? sinceEnd(0.2) : null,
    fulfilledAt: status === OrderStatus.fulfilled || status === OrderStatus.shipped ? sinceEnd(0.4) : null,
    shippedAt: status === OrderStatus.shipped ? sinceEnd(0.6) : null,
    trackingNumber: status === OrderStatus.shipped ? `1Z999AA1${random.int(10000000, 99999999)}` : null,
    createdAt: sinceEnd(0.05),
  };
}
