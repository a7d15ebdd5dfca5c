/** Signed outgoing webhooks (decision 055): the address rules, the signature and its published check, the payloads. */
import { createRequire } from "node:module";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import {
  EndpointSchema,
  VERIFY_SNIPPET,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_MESSAGES,
  checkWebhookUrl,
  entryEventData,
  isAllowListed,
  nextWebhookAttemptAt,
  parseEventList,
  redactWebhookBody,
  winnerDrawnData,
} from "~/domain/webhooks";
import { signatureHeader } from "~/server/integrations/webhooks.server";

type Verify = (rawBody: string | Buffer, header: string | null | undefined, secret: string, toleranceSeconds?: number) => boolean;

/** The snippet exactly as the page and the README show it, run in a fresh context with only `require` and `Buffer`. */
function publishedVerifier(): Verify {
  const context = vm.createContext({ require: createRequire(import.meta.url), Buffer });
  return vm.runInContext(`${VERIFY_SNIPPET}\nverifyGiveawearSignature;`, context) as Verify;
}

describe("the signature and the published verification snippet", () => {
  const verify = publishedVerifier();
  const secret = "whsec_test_secret_0123456789";
  const body = JSON.stringify({ id: "evt_1", type: "entry.confirmed", created: 1, data: { email: "ünï@example.com" } });
  const now = () => Math.floor(Date.now() / 1000);

  it("accepts our signature over the raw body, as a string or as bytes", () => {
    const header = signatureHeader([secret], now(), body);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(body, header, secret)).toBe(true);
    expect(verify(Buffer.from(body, "utf8"), header, secret)).toBe(true);
  });

  it("refuses another secret, a changed body, a changed timestamp, a malformed or missing header", () => {
    const t = now();
    const header = signatureHeader([secret], t, body);
    expect(verify(body, header, "whsec_other")).toBe(false);
    expect(verify(`${body} `, header, secret)).toBe(false);
    expect(verify(body, header.replace(`t=${t}`, `t=${t - 1}`), secret)).toBe(false);
    expect(verify(body, "v1=abc", secret)).toBe(false);
    expect(verify(body, `t=${t},v1=${"0".repeat(63)}`, secret)).toBe(false);
    expect(verify(body, null, secret)).toBe(false);
    expect(verify(body, "", secret)).toBe(false);
  });

  it("refuses a signature older (or newer) than five minutes", () => {
    expect(verify(body, signatureHeader([secret], now() - 301, body), secret)).toBe(false);
    expect(verify(body, signatureHeader([secret], now() + 301, body), secret)).toBe(false);
    expect(verify(body, signatureHeader([secret], now() - 290, body), secret)).toBe(true);
  });

  it("after a roll, signs with both secrets so either one verifies", () => {
    const header = signatureHeader(["whsec_new", "whsec_old"], now(), body);
    expect(header.split(",").filter((part) => part.startsWith("v1="))).toHaveLength(2);
    expect(verify(body, header, "whsec_new")).toBe(true);
    expect(verify(body, header, "whsec_old")).toBe(true);
    expect(verify(body, header, "whsec_other")).toBe(false);
  });
});

describe("endpoint addresses", () => {
  const production = { httpsOnly: true, allowHosts: [] as string[] };
  const development = { httpsOnly: false, allowHosts: [] as string[] };
  const refusal = (input: string, options = production) => {
    const check = checkWebhookUrl(input, options);
    return check.ok ? null : check.message;
  };

  it("accepts a public https address and normalises it", () => {
    const check = checkWebhookUrl("  https://Hooks.Example.com/giveawear?x=1 ", production);
    expect(check.ok && check.url.href).toBe("https://hooks.example.com/giveawear?x=1");
  });

  it("refuses with a message that says why", () => {
    expect(refusal("")).toBe(WEBHOOK_MESSAGES.urlRequired);
    expect(refusal("not a url")).toBe(WEBHOOK_MESSAGES.notUrl);
    expect(refusal("ftp://example.com/hook")).toBe(WEBHOOK_MESSAGES.scheme("ftp"));
    expect(refusal("javascript:alert(1)")).toBe(WEBHOOK_MESSAGES.scheme("javascript"));
    expect(refusal("http://example.com/hook")).toBe(WEBHOOK_MESSAGES.httpsOnly);
    expect(refusal("https://user:pass@example.com/hook")).toBe(WEBHOOK_MESSAGES.credentials);
    expect(refusal("https://token@example.com/hook")).toBe(WEBHOOK_MESSAGES.credentials);
    expect(refusal("https://127.0.0.1/hook")).toBe(WEBHOOK_MESSAGES.privateHost("127.0.0.1", "loopback"));
    expect(refusal("https://[::1]:8443/hook")).toBe(WEBHOOK_MESSAGES.privateHost("[::1]", "loopback"));
    expect(refusal("https://10.0.0.8/hook")).toBe(WEBHOOK_MESSAGES.privateHost("10.0.0.8", "private"));
    expect(refusal("https://169.254.169.254/latest/meta-data")).toBe(WEBHOOK_MESSAGES.privateHost("169.254.169.254", "link-local"));
    expect(refusal("https://[::ffff:192.168.0.1]/hook")).toBe(WEBHOOK_MESSAGES.privateHost("[::ffff:c0a8:1]", "private"));
    expect(refusal("https://localhost/hook")).toBe(WEBHOOK_MESSAGES.privateHost("localhost", "loopback"));
    expect(refusal("https://api.localhost/hook")).toBe(WEBHOOK_MESSAGES.privateHost("api.localhost", "loopback"));
    // The URL parser's own spellings of 127.0.0.1 are caught too.
    expect(refusal("https://2130706433/hook")).toBe(WEBHOOK_MESSAGES.privateHost("127.0.0.1", "loopback"));
    expect(refusal("https://0x7f.1/hook")).toBe(WEBHOOK_MESSAGES.privateHost("127.0.0.1", "loopback"));
    expect(refusal(`https://example.com/${"a".repeat(2100)}`)).toBe(WEBHOOK_MESSAGES.tooLong);
  });

  it("allows http outside production, never a private address", () => {
    expect(refusal("http://example.com/hook", development)).toBeNull();
    expect(refusal("http://127.0.0.1:8080/hook", development)).toBe(WEBHOOK_MESSAGES.privateHost("127.0.0.1", "loopback"));
  });

  it("lets WEBHOOK_ALLOW_HOSTS name a host (any port) or a host and port, exempt from the address and https rules", () => {
    const allow = { httpsOnly: true, allowHosts: ["127.0.0.1", "hooks.internal:8443", "[::1]:9000"] };
    expect(refusal("http://127.0.0.1:4567/hook", allow)).toBeNull();
    expect(refusal("https://hooks.internal:8443/x", allow)).toBeNull();
    // Another port of a listed "host:port" is not listed: its name is resolved and checked like any other.
    expect(isAllowListed(new URL("https://hooks.internal/x"), allow.allowHosts)).toBe(false);
    expect(isAllowListed(new URL("http://[::1]:9000/x"), allow.allowHosts)).toBe(true);
    expect(isAllowListed(new URL("http://[::1]:9001/x"), allow.allowHosts)).toBe(false);
    expect(refusal("http://10.0.0.1/x", allow)).toBe(WEBHOOK_MESSAGES.httpsOnly);
  });

  it("asks for at least one known event", () => {
    const parse = (events: unknown) => EndpointSchema.safeParse({ url: "https://example.com/h", events });
    expect(parse(["entry.confirmed", "entry.confirmed", "winner.drawn"]).data?.events).toEqual(["entry.confirmed", "winner.drawn"]);
    expect(parse([]).error?.issues[0]?.message).toBe(WEBHOOK_MESSAGES.eventsRequired);
    expect(parse(undefined).error?.issues[0]?.message).toBe(WEBHOOK_MESSAGES.eventsRequired);
    expect(parse(["entry.deleted"]).success).toBe(false);
    expect(parseEventList("winner.drawn,bogus,entry.confirmed")).toEqual(["entry.confirmed", "winner.drawn"]);
  });
});

describe("retries", () => {
  it("back off from a minute to a day, then stop", () => {
    const start = new Date("2026-01-01T00:00:00Z");
    const minutes = (attempts: number) => (nextWebhookAttemptAt(attempts, start)!.getTime() - start.getTime()) / 60_000;
    expect([1, 2, 3, 4, 5, 6, 7].map(minutes)).toEqual([1, 5, 30, 120, 360, 720, 1440]);
    expect(nextWebhookAttemptAt(WEBHOOK_MAX_ATTEMPTS, start)).toBeNull();
    expect(() => nextWebhookAttemptAt(0, start)).toThrow(RangeError);
  });
});

describe("payloads", () => {
  const entry = {
    id: "e1",
    campaignId: "c1",
    email: "fan@example.com",
    marketingConsentAt: new Date("2026-01-02T03:04:05Z"),
    marketingWordingId: "marketing-v2",
    createdAt: new Date("2026-01-02T03:04:00Z"),
    confirmedAt: new Date("2026-01-02T03:10:00Z"),
    bonusEntries: 3,
  };

  it("entry.confirmed carries the email and the consent record only with marketing consent", () => {
    expect(entryEventData({ ...entry, marketingConsent: true })).toEqual({
      object: "entry",
      id: "e1",
      campaign_id: "c1",
      email: "fan@example.com",
      marketing_consent: { given: true, at: 1767323045, wording_version: 2 },
      confirmed_at: 1767323400,
      bonus_entries: 3,
    });
    const without = entryEventData({ ...entry, marketingConsent: false });
    expect(without.email).toBeNull();
    expect(without.marketing_consent).toEqual({ given: false, at: null, wording_version: null });
    expect(JSON.stringify(without)).not.toContain("fan@example.com");
  });

  it("winner.drawn follows the same rule", () => {
    const winner = {
      campaignId: "c1",
      rank: 1,
      entryId: "e1",
      email: "fan@example.com",
      claimDeadline: null,
      drawnAt: new Date(0),
      redraw: false,
    };
    expect(winnerDrawnData({ ...winner, marketingConsent: true }).email).toBe("fan@example.com");
    expect(winnerDrawnData({ ...winner, marketingConsent: false }).email).toBeNull();
  });

  it("erasure blanks every personal field and says so", () => {
    const body = JSON.stringify({
      id: "evt_1",
      type: "order.shipped",
      created: 1,
      data: { id: "o1", email: "fan@example.com", tracking_number: "1Z999", tracking_url: "https://t.example/1Z999", carrier: "UPS" },
    });
    const redacted = JSON.parse(redactWebhookBody(body));
    expect(redacted).toEqual({
      id: "evt_1",
      type: "order.shipped",
      created: 1,
      data: { id: "o1", email: null, tracking_number: null, tracking_url: null, carrier: "UPS", erased: true },
    });
    expect(redactWebhookBody("not json")).toBe("{}");
  });
});
