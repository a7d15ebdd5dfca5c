import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as google from "~/routes/auth.google";
import * as callback from "~/routes/auth.google.callback";
import * as login from "~/routes/login";
import { resetConfigForTests } from "~/server/core/config.server";
import { prisma } from "~/server/core/db.server";
import { readToast } from "~/server/core/toast.server";
import { startFakeOAuthServer } from "../fakes/oauth-server";
import { bodyOf, CookieJar, get, location, post, run } from "../helpers/http";

let fake: Awaited<ReturnType<typeof startFakeOAuthServer>>;
const ENV = ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "GOOGLE_AUTHORIZATION_URL", "GOOGLE_TOKEN_URL", "GOOGLE_USERINFO_URL"];

beforeAll(async () => {
  fake = await startFakeOAuthServer({ clientId: "client-1", clientSecret: "secret-1" });
  Object.assign(process.env, {
    GOOGLE_CLIENT_ID: "client-1",
    GOOGLE_CLIENT_SECRET: "secret-1",
    GOOGLE_AUTHORIZATION_URL: fake.urls.authorization,
    GOOGLE_TOKEN_URL: fake.urls.token,
    GOOGLE_USERINFO_URL: fake.urls.userinfo,
  });
  resetConfigForTests();
});

afterAll(async () => {
  for (const name of ENV) delete process.env[name];
  resetConfigForTests();
  await fake.close();
});

/** Plays the browser: our redirect to the provider, its consent form, its redirect back. */
async function consent(jar: CookieJar, redirectTo: string, account: { email: string; name: string }) {
  const start = jar.absorb((await run(google.action, post(jar, "/auth/google", { redirectTo }))) as Response);
  const authorize = new URL(location(start) ?? "");
  expect(`${authorize.origin}${authorize.pathname}`).toBe(fake.urls.authorization);
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  const approve = new URL("/approve", authorize);
  for (const [key, value] of authorize.searchParams) approve.searchParams.set(key, value);
  approve.searchParams.set("email", account.email);
  approve.searchParams.set("name", account.name);
  const back = await fetch(approve, { redirect: "manual" });
  const callbackUrl = new URL(back.headers.get("location") ?? "");
  return run(callback.loader, get(jar, `${callbackUrl.pathname}${callbackUrl.search}`));
}

describe("Google sign-in", () => {
  it("is offered on the login page only when configured", async () => {
    expect(bodyOf<{ googleEnabled: boolean }>(await run(login.loader, get(new CookieJar(), "/login"))).googleEnabled).toBe(true);
  });

  it("creates the profile from the provider's name and returns to the starting page", async () => {
    const jar = new CookieJar();
    const result = jar.absorb(
      (await consent(jar, "/create-campaign-v2?step=3", { email: "Grace@Example.com", name: "Grace Brewster Hopper" })) as Response,
    );
    expect(location(result)).toBe("/create-campaign-v2?step=3");
    const user = await prisma.user.findUniqueOrThrow({ where: { email: "grace@example.com" } });
    expect(user).toMatchObject({ firstName: "Grace", lastName: "Brewster Hopper", aiDesignCredits: 5 });
    expect((await readToast(get(jar, "/"))).toast).toMatchObject({
      title: "Login Successful",
      description: "Welcome back, Grace Brewster Hopper!",
    });
    expect(fake.requests.some((r) => r.path === "/token" && r.method === "POST")).toBe(true);
  });

  it("refuses a callback whose state does not match the browser's", async () => {
    const jar = new CookieJar();
    const stranger = new CookieJar();
    const result = await run(callback.loader, get(stranger, "/auth/google/callback?code=abc&state=forged"));
    expect(location(result)).toBe("/login");
    expect(jar.header()).toBe("");
  });
});
