/**
 * Return paths over real HTTP: dot segments ("/.//evil.example", "/%2e%2e//x") normalise to
 * "//evil.example", which a browser reads as another site. Neither the wizard's sign-in page (which
 * renders the path into its links and forms) nor a signed-in visit to /login?redirectTo= may hand
 * such a path on.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { signedInJar } from "../helpers/wizard";

let app: InProcessAppServer;
let cookie = "";

beforeAll(async () => {
  app = await startAppServer();
  cookie = (await signedInJar("redirects")).jar.header();
});

afterAll(async () => {
  await app?.close();
});

const OFF_SITE = [
  "/.//evil.example",
  "/..//evil.example",
  "/a/..//evil.example",
  "/%2e//evil.example",
  "/%2e%2e//evil.example",
  "/%2F/evil.example",
];

/** Every href, action and hidden redirectTo value the page renders. */
function renderedTargets(html: string): string[] {
  return [...html.matchAll(/(?:href|action|value)="([^"]*)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));
}

describe("the wizard's sign-in page", () => {
  it.each(OFF_SITE)("links back to the wizard, not to %s", async (returnTo) => {
    const response = await fetch(`${app.url}/create-campaign-v2/sign-in?${new URLSearchParams({ returnTo })}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const targets = renderedTargets(html);
    const offSite = targets.filter((target) => URL.canParse(target, app.url) && new URL(target, app.url).origin !== app.url);
    expect(offSite.filter((target) => target.includes("evil.example"))).toEqual([]);
    expect(html).toContain('href="/create-campaign-v2"');
    expect(html).toContain('name="redirectTo" value="/create-campaign-v2"');
  });

  it("keeps a wizard step as the way back", async () => {
    const returnTo = "/create-campaign-v2?step=3&mode=ai";
    const html = await (await fetch(`${app.url}/create-campaign-v2/sign-in?${new URLSearchParams({ returnTo })}`)).text();
    expect(html).toContain('href="/create-campaign-v2?step=3&amp;mode=ai"');
  });
});

describe("a signed-in visit to /login", () => {
  it.each(OFF_SITE)("goes to the user's own page instead of %s", async (redirectTo) => {
    const response = await fetch(`${app.url}/login?${new URLSearchParams({ redirectTo })}`, {
      redirect: "manual",
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/my-campaigns");
  });

  it("still goes to a same-site return path", async () => {
    const response = await fetch(`${app.url}/login?${new URLSearchParams({ redirectTo: "/a/../pricing" })}`, {
      redirect: "manual",
      headers: { Cookie: cookie },
    });
    expect(response.headers.get("Location")).toBe("/pricing");
  });
});
