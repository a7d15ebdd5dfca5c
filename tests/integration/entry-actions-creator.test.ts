import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACTION_MESSAGES } from "~/domain/entry-actions";
import { prisma } from "~/server/core/db.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { CookieJar, postForm } from "../helpers/http";
import { draftThroughStep, signedInJar, STEP1 } from "../helpers/wizard";

/**
 * The creator's entry actions (decision 076), over real HTTP: a draft's up to its plan's limit, a
 * visitor's too, a live campaign's until the list is frozen, each live change numbered and logged,
 * a completed action locked, and the official rules listing them.
 */
describe("creators' entry actions", () => {
  let app: InProcessAppServer;

  beforeAll(async () => {
    app = await startAppServer();
    // The first request of a fresh server builds the route modules: done here, not inside the first test's time.
    await fetch(`${app.url}/create-campaign-v2`);
  }, 120_000);

  afterAll(async () => {
    await app.close();
  });

  const visit = { kind: "visit", label: "Visit our shop", bonus: "2", url: "https://acme.example/shop" };
  const stepPath = (id: string | null) => `/create-campaign-v2?step=4${id ? `&campaignId=${id}` : ""}`;
  const post = (jar: CookieJar, path: string, fields: Record<string, string>) =>
    postForm(app.url, path, fields, { Cookie: jar.header(), Origin: app.url });
  const page = async (jar: CookieJar, path: string) => (await fetch(`${app.url}${path}`, { headers: { Cookie: jar.header() } })).text();
  const actionsOf = (campaignId: string) => prisma.entryAction.findMany({ where: { campaignId }, orderBy: { position: "asc" } });

  describe("in the wizard's step 4 (a draft)", () => {
    it("adds an action, says the plan's limit, refuses one more with the plan's words, and removes one", async () => {
      const { jar } = await signedInJar();
      const id = await draftThroughStep(jar, 2, { planId: "starter_tee" });
      expect(await page(jar, stepPath(id))).toContain("Your plan includes 1 entry action.");

      const added = await post(jar, stepPath(id), { step: "4", intent: "add-action", ...visit });
      expect(added.status).toBe(302);
      expect(added.headers.get("Location")).toBe(stepPath(id));
      const [action] = await actionsOf(id);
      expect(action).toMatchObject({ kind: "visit", label: "Visit our shop", bonus: 2, url: "https://acme.example/shop", position: 0 });
      expect(await page(jar, stepPath(id))).toContain("Visit our shop");

      const refused = await post(jar, stepPath(id), { step: "4", intent: "add-action", kind: "daily", label: "Come back", bonus: "1" });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(ACTION_MESSAGES.limitReached(1));
      expect(await actionsOf(id)).toHaveLength(1);
      // A draft's actions are not live changes: nothing is numbered or logged.
      expect(await prisma.entryActionChange.count({ where: { campaignId: id } })).toBe(0);

      const removed = await post(jar, stepPath(id), { step: "4", intent: "remove-action", actionId: action!.id });
      expect(removed.status).toBe(302);
      expect(await actionsOf(id)).toHaveLength(0);
    });

    it("answers the schema's words for a bad action and stores nothing", async () => {
      const { jar } = await signedInJar();
      const id = await draftThroughStep(jar, 2, { planId: "growth_tee" });
      const bad = await post(jar, stepPath(id), { step: "4", intent: "add-action", kind: "code", label: "Code", bonus: "11", code: "a!" });
      expect(bad.status).toBe(400);
      const html = await bad.text();
      expect(html).toContain("The bonus is a whole number of entries from 1 to 10.");
      expect(html).toContain("Use letters, digits and dashes in the code.");
      const oneChoice = await post(jar, stepPath(id), {
        step: "4",
        intent: "add-action",
        kind: "question",
        label: "Tell us",
        bonus: "1",
        question: "Which colour?",
        choices: "Red",
      });
      expect(oneChoice.status).toBe(400);
      expect(await oneChoice.text()).toContain("Give at least two choices, or none for a free-text answer.");
      expect(await actionsOf(id)).toHaveLength(0);

      // Each kind's own fields are stored; the others are not.
      const follow = await post(jar, stepPath(id), {
        step: "4",
        intent: "add-action",
        kind: "follow",
        label: "Follow us",
        bonus: "3",
        platform: "instagram",
        url: "https://instagram.com/acme",
        code: "IGNORED",
        question: "ignored",
      });
      expect(follow.status).toBe(302);
      const question = await post(jar, stepPath(id), {
        step: "4",
        intent: "add-action",
        kind: "question",
        label: "Tell us",
        bonus: "1",
        question: "Which colour?",
        choices: "Red\n\nBlue\n",
        url: "https://ignored.example",
      });
      expect(question.status).toBe(302);
      const stored = await actionsOf(id);
      expect(stored.map((a) => [a.kind, a.platform, a.url, a.code, a.question, a.choices, a.position])).toEqual([
        ["follow", "instagram", "https://instagram.com/acme", null, null, "", 0],
        ["question", null, null, null, "Which colour?", "Red\nBlue", 1],
      ]);
    });

    it("lets a visitor's draft (no account) add and remove actions, and nobody else's", async () => {
      const visitor = new CookieJar();
      visitor.absorb(await post(visitor, "/create-campaign-v2", { ...STEP1, title: "Visitor Actions Draft" }));
      const draft = await prisma.campaign.findFirstOrThrow({ where: { title: "Visitor Actions Draft", creatorId: null } });
      const added = await post(visitor, stepPath(null), { step: "4", intent: "add-action", ...visit });
      expect(added.status).toBe(302);
      const [action] = await actionsOf(draft.id);
      expect(action?.label).toBe("Visit our shop");

      // Another visitor's cookie cannot remove it.
      const stranger = new CookieJar();
      stranger.absorb(await post(stranger, "/create-campaign-v2", { ...STEP1, title: "Stranger Draft" }));
      await post(stranger, stepPath(null), { step: "4", intent: "remove-action", actionId: action!.id });
      expect(await actionsOf(draft.id)).toHaveLength(1);

      expect((await post(visitor, stepPath(null), { step: "4", intent: "remove-action", actionId: action!.id })).status).toBe(302);
      expect(await actionsOf(draft.id)).toHaveLength(0);
    });

    it("refuses launch while the draft holds more actions than its plan includes", async () => {
      const { jar } = await signedInJar();
      const id = await draftThroughStep(jar, 4, { planId: "growth_tee" });
      for (const label of ["One", "Two"]) {
        expect((await post(jar, stepPath(id), { step: "4", intent: "add-action", ...visit, label })).status).toBe(302);
      }
      await post(jar, `/create-campaign-v2?step=2&campaignId=${id}`, { step: "2", planId: "starter_tee" });
      const launch = await post(jar, `/create-campaign-v2?step=5&campaignId=${id}`, { step: "5", intent: "launch" });
      expect(launch.status).toBe(400);
      expect(await launch.text()).toContain("This campaign has 2 entry actions, but its plan includes 1 entry action.");
      expect((await prisma.campaign.findUniqueOrThrow({ where: { id } })).status).toBe("draft");
    });
  });

  describe("on a live campaign's page", () => {
    const livePath = (id: string) => `/create-campaign-v2?campaignId=${id}`;

    async function liveCampaign(limit: number | null) {
      const { jar, userId } = await signedInJar();
      const campaign = await createCampaign({ creatorId: userId, entryActionLimit: limit });
      return { jar, campaign };
    }

    it("adds, changes and removes actions, each change numbered and logged; a completed action is locked", async () => {
      const { jar, campaign } = await liveCampaign(3);
      expect(await page(jar, livePath(campaign.id))).toContain("Your plan includes up to 3 entry actions.");
      expect((await post(jar, livePath(campaign.id), { intent: "add-action", ...visit })).status).toBe(302);
      expect((await post(jar, livePath(campaign.id), { intent: "add-action", kind: "daily", label: "Come back", bonus: "1" })).status).toBe(
        302,
      );
      const [shop, daily] = await actionsOf(campaign.id);

      const edited = await post(jar, livePath(campaign.id), {
        intent: "edit-action",
        actionId: daily!.id,
        kind: "daily",
        label: "Daily visit",
        bonus: "2",
      });
      expect(edited.status).toBe(302);
      expect(await prisma.entryAction.findUniqueOrThrow({ where: { id: daily!.id } })).toMatchObject({ label: "Daily visit", bonus: 2 });

      // An entrant completes the shop visit: it can no longer be re-weighted or removed.
      const entry = await prisma.entry.create({
        data: {
          campaignId: campaign.id,
          email: "e@example.com",
          emailNormalized: "e@example.com",
          agreedToTerms: true,
          confirmedAt: new Date(),
        },
      });
      await prisma.actionCompletion.create({ data: { campaignId: campaign.id, actionId: shop!.id, entryId: entry.id, bonus: 2 } });
      const reweigh = await post(jar, livePath(campaign.id), { intent: "edit-action", actionId: shop!.id, ...visit, bonus: "9" });
      expect(reweigh.status).toBe(409);
      expect(await reweigh.text()).toContain(ACTION_MESSAGES.locked);
      const remove = await post(jar, livePath(campaign.id), { intent: "remove-action", actionId: shop!.id });
      expect(remove.status).toBe(409);
      expect(await prisma.entryAction.findUniqueOrThrow({ where: { id: shop!.id } })).toMatchObject({ bonus: 2 });

      expect((await post(jar, livePath(campaign.id), { intent: "remove-action", actionId: daily!.id })).status).toBe(302);
      expect(await actionsOf(campaign.id)).toHaveLength(1);

      // Refusals were rolled back: the version counts the four changes that happened, one row each.
      const after = await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
      expect(after.actionsVersion).toBe(4);
      const changes = await prisma.entryActionChange.findMany({ where: { campaignId: campaign.id }, orderBy: { version: "asc" } });
      expect(changes.map((c) => [c.version, c.change, c.label, c.kind, c.bonus])).toEqual([
        [1, "added", "Visit our shop", "visit", 2],
        [2, "added", "Come back", "daily", 1],
        [3, "edited", "Daily visit", "daily", 2],
        [4, "removed", "Daily visit", "daily", 2],
      ]);

      // The official rules list the action with its bonus and verification, and the change log.
      const rules = await (await fetch(`${app.url}/campaign/${campaign.id}/rules`)).text();
      expect(rules).toContain("“Visit our shop” (Visit a page): +2 entries. Verification: tracked.");
      expect(rules).toContain(ACTION_MESSAGES.consentNeverEarns);
      expect(rules).toContain(ACTION_MESSAGES.closesWithEntries);
      expect(rules).toContain("adds 3 bonus entries");
      expect(rules).toMatch(/Change 1, [^“]+ UTC: added “Visit our shop” \(Visit a page, tracked, \+2 entries\)\./);
      expect(rules).toMatch(/Change 4, [^“]+ UTC: removed “Daily visit” \(Come back daily, tracked, \+2 entries\)\./);
    });

    it("holds the campaign's frozen limit, also when adds race", async () => {
      const { jar, campaign } = await liveCampaign(1);
      const results = await Promise.all(
        ["A", "B", "C"].map((label) => post(jar, livePath(campaign.id), { intent: "add-action", ...visit, label })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([302, 409, 409]);
      expect(await actionsOf(campaign.id)).toHaveLength(1);
      const after = await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
      expect(after.actionsVersion).toBe(1);
      expect(await prisma.entryActionChange.count({ where: { campaignId: campaign.id } })).toBe(1);
      const more = await post(jar, livePath(campaign.id), { intent: "add-action", ...visit });
      expect(await more.text()).toContain(ACTION_MESSAGES.limitReached(1));

      const unlimited = await liveCampaign(null);
      for (const label of ["1", "2", "3", "4", "5", "6"]) {
        expect((await post(unlimited.jar, livePath(unlimited.campaign.id), { intent: "add-action", ...visit, label })).status).toBe(302);
      }
    });

    it("changes nothing once the entry list is frozen, nor for another creator", async () => {
      const { jar, campaign } = await liveCampaign(5);
      expect((await post(jar, livePath(campaign.id), { intent: "add-action", ...visit })).status).toBe(302);
      const [action] = await actionsOf(campaign.id);
      const other = await signedInJar("other");
      const stranger = await post(other.jar, livePath(campaign.id), { intent: "remove-action", actionId: action!.id });
      expect(stranger.status).toBe(404);

      await prisma.campaign.update({ where: { id: campaign.id }, data: { listFrozenAt: new Date() } });
      const frozen = await post(jar, livePath(campaign.id), { intent: "remove-action", actionId: action!.id });
      expect(frozen.status).toBe(409);
      expect((await post(jar, livePath(campaign.id), { intent: "add-action", ...visit })).status).toBe(409);
      expect(await actionsOf(campaign.id)).toHaveLength(1);
      expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).actionsVersion).toBe(1);
    });
  });
});
