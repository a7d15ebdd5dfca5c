/**
 * /giveaways and full campaigns (decision 045): a running campaign at its entry limit says "Full" on its
 * card and is not in the "live" filter; "all" lists it after the live ones and before past ones.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCampaign } from "../helpers/campaigns";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";

const DAY = 24 * 60 * 60 * 1000;
let app: InProcessAppServer;

beforeAll(async () => {
  app = await startAppServer();
  const now = Date.now();
  const running = { startDate: new Date(now - DAY), durationDays: 7 };
  await createCampaign({ ...running, title: "Fullcheck Open Tee", endDate: new Date(now + 2 * DAY), entryLimit: 100, entryCount: 99 });
  await createCampaign({
    ...running,
    title: "Fullcheck Unlimited Tee",
    endDate: new Date(now + 3 * DAY),
    entryLimit: null,
    entryCount: 500,
  });
  await createCampaign({ ...running, title: "Fullcheck Packed Tee", endDate: new Date(now + DAY), entryLimit: 50, entryCount: 50 });
  await createCampaign({
    title: "Fullcheck Finished Tee",
    startDate: new Date(now - 9 * DAY),
    endDate: new Date(now - DAY),
    status: "completed",
    entryLimit: 50,
    entryCount: 50,
  });
});

afterAll(async () => {
  await app?.close();
});

/** The cards of /giveaways for `search`, each as its title and everything it says. */
async function cards(search: string) {
  const response = await fetch(`${app.url}/giveaways${search}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  const list = /<ul[^>]*aria-label="Giveaways"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
  return [...list.matchAll(/<li>([\s\S]*?)<\/li>/g)].map(([, card = ""]) => ({
    title: /<h3[^>]*>[\s\S]*?>([^<]+)<\/a>/.exec(card)?.[1] ?? "",
    full: card.includes('data-testid="full-badge"'),
    timeLeft: /data-testid="time-left"[^>]*>([^<]*)</.exec(card)?.[1] ?? null,
  }));
}

describe("/giveaways with a full campaign", () => {
  it("leaves it out of the live filter", async () => {
    const live = await cards("?q=Fullcheck&status=live");
    expect(live.map((card) => card.title)).toEqual(["Fullcheck Open Tee", "Fullcheck Unlimited Tee"]);
    expect(live.some((card) => card.full)).toBe(false);
    // Whatever the order asked for.
    for (const sort of ["newest", "popularity"])
      expect((await cards(`?q=Fullcheck&status=live&sort=${sort}`)).map((card) => card.title).sort()).toEqual([
        "Fullcheck Open Tee",
        "Fullcheck Unlimited Tee",
      ]);
  });

  it("lists it under all, after the live ones and before the past ones, with a Full badge instead of the time left", async () => {
    const all = await cards("?q=Fullcheck&status=all");
    expect(all.map((card) => card.title)).toEqual([
      "Fullcheck Open Tee",
      "Fullcheck Unlimited Tee",
      "Fullcheck Packed Tee",
      "Fullcheck Finished Tee",
    ]);
    const packed = all.find((card) => card.title === "Fullcheck Packed Tee");
    expect(packed).toMatchObject({ full: true, timeLeft: null });
    // An ended campaign that had reached its limit is simply ended.
    expect(all.find((card) => card.title === "Fullcheck Finished Tee")).toMatchObject({ full: false, timeLeft: "Ended" });
    expect(all.find((card) => card.title === "Fullcheck Open Tee")).toMatchObject({ full: false, timeLeft: "1 day left" });
  });

  it("is not past either", async () => {
    expect((await cards("?q=Fullcheck&status=past")).map((card) => card.title)).toEqual(["Fullcheck Finished Tee"]);
  });
});
