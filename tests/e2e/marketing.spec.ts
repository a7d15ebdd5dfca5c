import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { DURATIONS } from "../../app/domain/campaign-schemas";
import { E2E_DATABASE } from "../../playwright.config";
import { expectToast } from "./support";

function main(page: Page) {
  return page.getByRole("main");
}

/** Reads the e2e database the way the app wrote it. */
function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** "$29" for 2900 cents: how the landing pages quote whole-dollar prices. */
const dollars = (cents: number) => `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;

function lowestPaidPlan() {
  const [plan] = query<{ id: string; priceCents: number }>(
    `SELECT id, priceCents FROM "Plan" WHERE active = 1 AND priceCents > 0 ORDER BY priceCents ASC, sortOrder ASC LIMIT 1`,
  );
  if (!plan) throw new Error("the e2e database has no paid plan");
  return plan;
}

/** The free plan on offer, which the landing pages lead with. */
function freePlan() {
  const [plan] = query<{ id: string; name: string }>(
    `SELECT id, name FROM "Plan" WHERE active = 1 AND priceCents = 0 ORDER BY sortOrder ASC LIMIT 1`,
  );
  if (!plan) throw new Error("the e2e database has no free plan");
  return plan;
}

/** "7, 14, 21 or 30": the wizard's durations as the pages should quote them. */
const WIZARD_DURATIONS = `${DURATIONS.slice(0, -1).join(", ")} or ${DURATIONS.at(-1)}`;

/** The names the removed, invented testimonials carried. */
const INVENTED_NAMES = ["Maya Okafor", "Daniel Reyes", "Priya Natarajan", "Lukas Berg"];

function slide(page: Page, carousel: string, index: number) {
  return page.getByRole("region", { name: carousel }).getByRole("group", { name: new RegExp(`^${index} of \\d+$`) });
}

function dot(page: Page, carousel: string, index: number, count: number) {
  return page.getByRole("region", { name: carousel }).getByRole("link", { name: `Show slide ${index} of ${count}` });
}

test.describe("landing page", () => {
  for (const path of ["/", "/start"]) {
    test(`${path} shows the hero texts and buttons`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle("Launch T-Shirt Giveaways That Grow Your Audience · Giveawear");
      await expect(main(page).getByRole("heading", { level: 1 })).toHaveText("Launch T-Shirt Giveaways That Grow Your Audience — Fast.");
      await expect(main(page)).toContainText(
        "Design. Launch. Ship. Everything handled in one place. Turn fans into customers with branded shirt giveaways.",
      );
      await expect(main(page).getByRole("link", { name: "Create Your First Giveaway" })).toHaveAttribute("href", "/create-campaign");
      await expect(main(page).getByRole("link", { name: "Learn More" })).toHaveAttribute("href", "/how-it-works");
    });
  }

  test("the slider shows the database's images in order, and every dot brings its slide into view", async ({ page }) => {
    const images = query<{ imageUrl: string; overlayText: string | null }>(
      `SELECT imageUrl, overlayText FROM "HomepageSliderImage" ORDER BY displayOrder ASC`,
    );
    expect(images).toHaveLength(3);
    await page.goto("/");
    const slider = page.getByRole("region", { name: "Giveaway designs" });
    const slides = slider.getByRole("group", { name: /^\d+ of 3$/ });
    await expect(slides).toHaveCount(3);
    for (const [index, image] of images.entries()) {
      await expect(slides.nth(index).getByRole("img")).toHaveAttribute("src", image.imageUrl);
    }
    await expect(slider.getByText("Your Design Here")).toHaveCount(1);

    await expect(slide(page, "Giveaway designs", 1)).toBeInViewport({ ratio: 0.9 });
    for (const index of [3, 2, 1]) {
      await dot(page, "Giveaway designs", index, 3).click();
      await expect(slide(page, "Giveaway designs", index)).toBeInViewport({ ratio: 0.9 });
      for (const other of [1, 2, 3].filter((n) => n !== index)) {
        await expect(slide(page, "Giveaway designs", other)).not.toBeInViewport();
      }
    }
  });

  test("the header's Get Started leads to the wizard, not back to this page", async ({ page }) => {
    await page.goto("/start");
    await page.getByRole("banner").getByRole("link", { name: "Get Started" }).first().click();
    await expect(page).toHaveURL(/\/create-campaign-v2(\?|$)/);
  });

  test("with JavaScript the slider advances on its own and loops; without, its dots are plain links", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.setTimeout(60_000);
    await page.goto("/start");
    if (javaScriptEnabled) {
      await expect(dot(page, "Giveaway designs", 1, 3)).toHaveAttribute("aria-current", "true");
      // 4500 ms per slide: each step shows up well within 10 s.
      for (const index of [2, 3, 1]) {
        await expect(dot(page, "Giveaway designs", index, 3)).toHaveAttribute("aria-current", "true", { timeout: 10_000 });
        await expect(slide(page, "Giveaway designs", index)).toBeInViewport({ ratio: 0.9 });
      }
      await expect(page.getByRole("button", { name: "Pause slideshow" })).toBeVisible();
    } else {
      for (const index of [1, 2, 3]) {
        await expect(dot(page, "Giveaway designs", index, 3)).toHaveAttribute("href", `#slide-${index}`);
      }
      await expect(page.getByRole("button", { name: "Pause slideshow" })).toBeHidden();
    }
  });
});

test.describe("home (variant A)", () => {
  test("shows the hero, features, four steps and the pricing teaser with the catalogue's lowest paid price", async ({ page }) => {
    const plan = lowestPaidPlan();
    expect(dollars(plan.priceCents)).toBe("$29");
    await page.goto("/home");
    const content = main(page);
    await expect(content.getByRole("link", { name: "Create Your Giveaway" })).toHaveAttribute("href", "/create-campaign");
    await expect(content.getByRole("link", { name: "See How It Works" })).toHaveAttribute("href", "/how-it-works");
    for (const feature of [
      "Automated Winner Selection",
      "Automatic Fulfilment",
      "Your Design or Our AI Designer",
      "Bonus Prizes or Coupons",
      "Built-In Referral System",
    ]) {
      await expect(content.getByRole("heading", { level: 3, name: feature })).toBeVisible();
    }
    await expect(content.getByRole("region", { name: "Live in Four Simple Steps" }).getByRole("listitem")).toHaveText([
      /Design Your Shirt/,
      /Add Campaign Details and Rewards/,
      /Share Your Giveaway/,
      /We Fulfill the Prize/,
    ]);
    // One pricing story: the free plan leads, the lowest paid price follows, both from the catalogue.
    const free = freePlan();
    await expect(content.getByRole("heading", { name: "Start Your First Giveaway Free" })).toBeVisible();
    await expect(content.getByTestId("pricing-teaser")).toContainText(
      `The ${free.name} plan costs nothing; paid plans start at ${dollars(plan.priceCents)}.`,
    );
    await expect(content.getByRole("link", { name: "Launch Now" })).toHaveAttribute("href", `/create-campaign?selectedPlanId=${free.id}`);
    await expect(content.getByRole("link", { name: "See All Plans" })).toHaveAttribute("href", "/pricing");
    await expect(content.getByRole("heading", { name: "Ready to Grow Your Audience?" })).toBeVisible();
  });

  test("has no invented testimonials; any figure it shows is a live count", async ({ page }) => {
    await page.goto("/home");
    for (const name of INVENTED_NAMES) await expect(page.getByText(name)).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Testimonials" })).toHaveCount(0);
    await expect(page.locator("blockquote")).toHaveCount(0);
    // Other tests launch campaigns meanwhile, so the figures are checked for shape and truthfulness
    // (never zero, never more launches than the database holds), not for one exact number.
    const figures = page.getByTestId("platform-figures");
    if ((await figures.count()) > 0) {
      const [{ n: launched } = { n: 0 }] = query<{ n: number }>(
        `SELECT count(*) AS n FROM "Campaign" WHERE "launchedAt" IS NOT NULL AND status IN ('active', 'completed')`,
      );
      const shown = Number((await figures.locator("dd").first().textContent())?.replace(/,/g, ""));
      expect(shown).toBeGreaterThan(0);
      expect(shown).toBeLessThanOrEqual(launched);
    }
  });
});

test.describe("go (variant B)", () => {
  test("shows why creators use Giveawear, four steps, no testimonials and the starting price from the catalogue", async ({ page }) => {
    const plan = lowestPaidPlan();
    await page.goto("/go");
    const content = main(page);
    await expect(content.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(content.getByRole("heading", { level: 2, name: "Why Creators Use Giveawear" })).toBeVisible();
    const benefits = content.getByRole("region", { name: "Why Creators Use Giveawear" }).getByRole("heading", { level: 3 });
    await expect(benefits).toHaveCount(4);
    const steps = content.getByRole("region", { name: "Four Steps From Idea to Winner" }).getByRole("listitem");
    await expect(steps).toHaveCount(4);
    for (const name of INVENTED_NAMES) await expect(page.getByText(name)).toHaveCount(0);
    await expect(
      content.getByRole("heading", { name: `Start for just ${dollars(plan.priceCents)} — no subscription required` }),
    ).toHaveText("Start for just $29 — no subscription required");
    await content.getByRole("link", { name: "See Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText("Flexible Pricing for Every Creator");
  });
});

test.describe("pricing", () => {
  test("shows each catalogue plan with its one-time price, the computed popular badge and the Elite card", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page).toHaveTitle("Pricing · Giveawear");
    const content = main(page);
    await expect(content.getByRole("heading", { level: 1 })).toHaveText("Flexible Pricing for Every Creator");

    const plans = content
      .getByRole("list", { name: "Plans" })
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { level: 2 }) });
    await expect(plans).toHaveCount(4);
    const expected = [
      {
        id: "starter_tee",
        name: "Starter Tee",
        price: "$0 /one-time",
        features: ["Up to 50 entries", "Basic analytics: views, entries and referral counts", "1 AI design credit"],
      },
      {
        id: "growth_tee",
        name: "Growth Tee",
        price: "$29 /one-time",
        features: ["Up to 500 entries", "Standard analytics: daily entries chart and CSV export"],
      },
      {
        id: "pro_tee",
        name: "Pro Tee",
        price: "$79 /one-time",
        features: ["Unlimited entries", "Advanced analytics: entry sources, top referrers", 'remove the "Powered by Giveawear" line'],
      },
    ];
    for (const plan of expected) {
      const card = content.getByRole("listitem", { name: plan.name });
      await expect(card).toContainText(plan.price);
      for (const feature of plan.features) await expect(card).toContainText(feature);
      await expect(card.getByRole("link", { name: `Choose ${plan.name}` })).toHaveAttribute(
        "href",
        `/create-campaign?selectedPlanId=${plan.id}`,
      );
    }
    // "Most Popular" is earned by launches (at least 10): never more than one, and none before then.
    const [{ n: launches } = { n: 0 }] = query<{ n: number }>(
      `SELECT count(*) AS n FROM "Campaign" WHERE "launchedAt" IS NOT NULL AND status IN ('active', 'completed')`,
    );
    const badges = await content.getByText("Most Popular", { exact: true }).count();
    expect(badges).toBeLessThanOrEqual(launches >= 10 ? 1 : 0);
    // The FAQ quotes the wizard's durations.
    await expect(content).toContainText(`You choose ${WIZARD_DURATIONS} days in the wizard, on every plan.`);

    const elite = content.getByRole("listitem", { name: "Elite Solutions" });
    await expect(elite).toContainText("Custom");
    // An invitation to talk whose every line is true today (decision 069): a giveaway has at most 3 winners,
    // and there is no API, white label or team feature to sell.
    await expect(elite).toContainText("Every campaign on Pro Tee, at a price for your volume:");
    await expect(elite).toContainText("applied at each checkout as your own coupon code");
    await expect(elite).toContainText("Up to 3 winners per giveaway");
    for (const claim of [/unlimited/i, /white.?label/i, /\bAPI\b/, /team features/i, /account manager/i])
      await expect(elite).not.toContainText(claim);
    await expect(elite.getByRole("link", { name: "Contact Sales" })).toHaveAttribute("href", /^mailto:sales@giveawear\.local(\?|$)/);
    await expect(content.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", "/contact");
    await expect(content.getByRole("link", { name: "How It Works" })).toHaveAttribute("href", "/how-it-works");
  });

  test("a plan's button opens the builder with that plan", async ({ page }) => {
    await page.goto("/pricing");
    await main(page).getByRole("link", { name: "Choose Growth Tee" }).click();
    await expect(page).toHaveURL(/\/create-campaign-v2\?.*planId=growth_tee/);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test("the cards stack in one column without overflowing", async ({ page }) => {
      await page.goto("/pricing");
      const starter = main(page).getByRole("listitem", { name: "Starter Tee" });
      const growth = main(page).getByRole("listitem", { name: "Growth Tee" });
      const [a, b] = [await starter.boundingBox(), await growth.boundingBox()];
      expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
      expect(Math.abs(a!.x - b!.x)).toBeLessThan(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  });
});

test.describe("how it works", () => {
  test("walks through the six steps and ends with Create Your First Campaign", async ({ page }) => {
    await page.goto("/how-it-works");
    await expect(page).toHaveTitle("How It Works · Giveawear");
    const steps = main(page).getByRole("listitem").getByRole("heading", { level: 2 });
    await expect(steps).toHaveText([
      "Step 1: Create Your Campaign",
      "Step 2: Design Your Merch",
      "Step 3: Launch and Promote",
      "Step 4: Collect Leads",
      "Step 5: Winner Selection",
      "Step 6: Automated Fulfilment",
    ]);
    // The wizard's durations (DURATIONS), not a list of its own.
    await expect(main(page)).toContainText(`Pick a ${WIZARD_DURATIONS} day giveaway`);
    await expect(main(page)).toContainText(`and the ${freePlan().name} plan is free.`);
    await expect(main(page)).toContainText("3 bonus entries for every friend referred");
    await expect(main(page).getByRole("link", { name: "Create Your First Campaign" })).toHaveAttribute("href", "/create-campaign");
  });
});

test.describe("contact", () => {
  test("an empty form says what each field needs and sends nothing", async ({ page }) => {
    await page.goto("/contact");
    await main(page).getByRole("button", { name: "Send Message" }).click();
    for (const message of ["Please enter your name.", "Email is required.", "Please enter a subject.", "Please enter a message."]) {
      await expect(main(page).getByText(message)).toBeVisible();
    }
    await expect(main(page).getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    // A form with only a subject is still refused; other tests send messages in parallel, so look
    // for this one by its subject rather than counting the outbox.
    const subject = `Half-filled ${randomUUID().slice(0, 8)}`;
    await main(page).getByLabel("Subject").fill(subject);
    await main(page).getByRole("button", { name: "Send Message" }).click();
    await expect(main(page).getByText("Please enter a message.")).toBeVisible();
    await expect(main(page).getByLabel("Subject")).toHaveValue(subject);
    const sent = query<{ n: number }>(`SELECT count(*) AS n FROM "OutboundEmail" WHERE subject = ?`, `Contact form: ${subject}`)[0]?.n;
    expect(sent).toBe(0);
  });

  test("a message reaches the support inbox and the form says it was sent", async ({ page }) => {
    const subject = `Question about referrals ${randomUUID().slice(0, 8)}`;
    await page.goto("/contact");
    const content = main(page);
    await content.getByLabel("Name").fill("Robin Example");
    await content.getByLabel("Email").fill("robin@e2e.test");
    await content.getByLabel("Subject").fill(subject);
    await content.getByLabel("Message").fill("Do referral bonus entries count when my friend enters on their phone?");
    await content.getByRole("button", { name: "Send Message" }).click();

    await expectToast(page, "Message Sent", "Thanks! We'll get back to you soon.");
    await expect(page).toHaveURL(/\/contact$/);
    await expect(content.getByLabel("Subject")).toHaveValue("");

    const [email] = query<{ to: string; html: string; text: string }>(
      `SELECT "to", html, text FROM "OutboundEmail" WHERE subject = ? ORDER BY rowid DESC LIMIT 1`,
      `Contact form: ${subject}`,
    );
    expect(email?.to).toBe("support@giveawear.local");
    expect(email?.text).toContain("Robin Example");
    expect(email?.text).toContain("robin@e2e.test");
    expect(email?.text).toContain("Do referral bonus entries count when my friend enters on their phone?");
  });
});

test.describe("company and legal pages", () => {
  test("about explains who we are and how draws stay fair", async ({ page }) => {
    await page.goto("/about");
    await expect(page).toHaveTitle("About Us · Giveawear");
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText("Smart Giveaways for Modern Brands");
    await expect(main(page).getByRole("heading", { level: 2, name: "Why we built Giveawear" })).toBeVisible();
    await expect(main(page)).toContainText("SHA-256");
    await expect(main(page).getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  });

  test("terms cover entering, official rules, the draw and claiming", async ({ page }) => {
    await page.goto("/terms");
    await expect(page).toHaveTitle("Terms of Service · Giveawear");
    const content = main(page);
    await expect(content.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
    for (const heading of ["Entering a giveaway", "Official rules", "How winners are drawn", "Winners and prizes"]) {
      await expect(content.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    for (const text of [
      "No purchase necessary.",
      "18 and over.",
      "One entry per person per giveaway.",
      "3 bonus entries",
      "within 14 days",
    ]) {
      await expect(content).toContainText(text);
    }
    await expect(content.getByText("/campaign/{campaign id}/rules")).toBeVisible();
  });

  test("privacy lists what we keep and the cookies we use", async ({ page }) => {
    await page.goto("/privacy");
    await expect(page).toHaveTitle("Privacy Policy · Giveawear");
    const content = main(page);
    await expect(content.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
    await expect(content.getByRole("heading", { level: 2, name: "Cookies" })).toBeVisible();
    for (const cookie of ["gw_session", "theme", "gw_draft"]) await expect(content.getByText(cookie, { exact: true })).toBeVisible();
    await expect(content).toContainText("no advertising, analytics or tracking cookies");
    // What is collected, why, how long, and who receives it (decision 057).
    await expect(content).toContainText("your IP address and its network");
    await expect(content).toContainText("a random browser id, kept in a cookie on your device");
    await expect(content).toContainText("each with the time and the exact wording (and its version)");
    await expect(content).toContainText("is deleted 90 days after the giveaway's prizes are fulfilled");
    await expect(content).toContainText("Printify, our print partner, receives a winner's name, shipping address");
    await expect(content).toContainText(
      "such as Klaviyo and Mailchimp, receive your email address and the time of your consent only if you consented",
    );
    await expect(content).toContainText("through webhooks the brand sets up");
    await expect(content.getByRole("heading", { level: 2, name: "Your data" })).toBeVisible();
    // The request for the data-page link is right there (decision 054).
    const request = content.getByTestId("data-request");
    await expect(request.getByRole("heading", { level: 3, name: "See, download or erase your data" })).toBeVisible();
    await expect(request.getByLabel("Email")).toBeVisible();
    await expect(request.locator("form")).toHaveAttribute("action", "/privacy/my-data");
  });
});
