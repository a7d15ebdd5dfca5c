import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_LAYOUT_INVALID } from "~/domain/page-layout";
import { prisma } from "~/server/core/db.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { decodeHtml, pageText, postForm, type CookieJar } from "../helpers/http";
import { draftThroughStep, signedInJar, STEP1 } from "../helpers/wizard";

/** Decision 106: the campaign page's layout, chosen in step 1, changed while live, rendered by the public page. */
describe("the campaign page's layout, over real HTTP", () => {
  let app: InProcessAppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });

  afterAll(async () => {
    await app.close();
  });

  const wizardPath = (id: string, step?: number) => `/create-campaign-v2?campaignId=${id}${step ? `&step=${step}` : ""}`;
  const post = (jar: CookieJar, path: string, fields: Record<string, string>) =>
    postForm(app.url, path, fields, { Cookie: jar.header(), Origin: app.url });
  const getHtml = async (path: string, jar?: CookieJar) => {
    const response = await fetch(`${app.url}${path}`, { headers: jar ? { Cookie: jar.header() } : {} });
    expect(response.status, path).toBe(200);
    return response.text();
  };
  const layoutOf = (html: string) => /data-layout="([a-z]+)"/.exec(html)?.[1];
  /** The value of the layout radio the form starts checked. */
  const checkedLayout = (html: string) =>
    (html.match(/<input[^>]*name="pageLayout"[^>]*>/g) ?? [])
      .filter((input) => / checked[ =/>]/.test(input))
      .map((input) => /value="([a-z]+)"/.exec(input)?.[1]);

  it("step 1 saves the chosen layout, refuses an unknown one with a clear message, and the review names it", async () => {
    const { jar } = await signedInJar();
    const id = await draftThroughStep(jar, 2);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id } })).pageLayout).toBe("split");

    // The step's form offers the three, the saved one checked.
    const step1 = decodeHtml(await getHtml(wizardPath(id, 1), jar));
    for (const key of ["split", "image", "minimal"]) expect(step1).toContain(`value="${key}"`);
    expect(checkedLayout(step1)).toEqual(["split"]);
    expect(pageText(step1)).toContain("The prize picture leads, large");

    const saved = await post(jar, wizardPath(id), { ...STEP1, pageLayout: "image" });
    expect(saved.status).toBe(302);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id } })).pageLayout).toBe("image");
    expect(checkedLayout(decodeHtml(await getHtml(wizardPath(id, 1), jar)))).toEqual(["image"]);

    const refused = await post(jar, wizardPath(id), { ...STEP1, title: "A changed title", pageLayout: "banner" });
    expect(refused.status).toBe(400);
    expect(decodeHtml(await refused.text())).toContain(PAGE_LAYOUT_INVALID);
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id } })).toMatchObject({ pageLayout: "image", title: STEP1.title });

    // A form that does not send the field (a tab opened before it existed) keeps the saved layout.
    expect((await post(jar, wizardPath(id), { ...STEP1 })).status).toBe(302);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id } })).pageLayout).toBe("image");

    const review = pageText(decodeHtml(await getHtml(wizardPath(id, 5), jar)));
    expect(review).toMatch(/Page layout\s*Picture first/);
  });

  it("live edit changes the layout of a running campaign, moves updatedAt, and the public page follows", async () => {
    const { jar, userId } = await signedInJar();
    const live = await createCampaign({ creatorId: userId });
    expect(layoutOf(await getHtml(`/campaign/${live.id}`))).toBe("split");

    const response = await post(jar, wizardPath(live.id), {
      intent: "live-edit",
      title: live.title,
      description: live.description,
      pageLayout: "minimal",
    });
    expect(response.status).toBe(302);
    const saved = await prisma.campaign.findUniqueOrThrow({ where: { id: live.id } });
    expect(saved.pageLayout).toBe("minimal");
    // The cached page is keyed by updatedAt (decision 059): it moved, so visitors get the new layout.
    expect(saved.updatedAt.getTime()).toBeGreaterThan(live.updatedAt.getTime());
    expect(layoutOf(await getHtml(`/campaign/${live.id}`))).toBe("minimal");

    const refused = await post(jar, wizardPath(live.id), { intent: "live-edit", title: live.title, pageLayout: "huge" });
    expect(refused.status).toBe(400);
    expect(decodeHtml(await refused.text())).toContain(PAGE_LAYOUT_INVALID);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: live.id } })).pageLayout).toBe("minimal");
  });

  it("the public page renders each layout, with the email field and Enter Now in every one", async () => {
    for (const layout of ["split", "image", "minimal"] as const) {
      const campaign = await createCampaign({ pageLayout: layout, finalDesignUrl: "/images/slider-1.svg" });
      const html = await getHtml(`/campaign/${campaign.id}`);
      expect(layoutOf(html), layout).toBe(layout);
      expect(html).toContain('type="email"');
      expect(pageText(html)).toContain("Enter Now");
      // The big picture: beside the form (split), leading (image), none at all (minimal).
      expect(html.includes('data-testid="prize-hero"'), layout).toBe(layout === "image");
      expect(html.includes("data-colour="), layout).toBe(layout !== "minimal");
    }
  });
});
