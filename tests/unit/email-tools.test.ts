/** Email tools (decision 056): what is sent to Klaviyo and Mailchimp, and how their answers are read. */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  ConnectEmailToolSchema,
  EMAIL_TOOL_MAX_ATTEMPTS,
  EMAIL_TOOL_MESSAGES,
  KLAVIYO_REVISION,
  consentSource,
  keyLast4,
  keyShapeProblem,
  klaviyoRefusedProfiles,
  klaviyoSubscribeJob,
  klaviyoUnsubscribeJob,
  mailchimpDataCenter,
  mailchimpMemberUpsert,
  mailchimpSourceTag,
  nextEmailToolAttemptAt,
  retryAfterTime,
  serviceErrorText,
} from "~/domain/email-tools";
import { subscriberHash } from "~/server/integrations/email-tool-api.server";

const KLAVIYO_KEY = "pk_0123456789abcdef0123456789abcdef01";
const MAILCHIMP_KEY = "0123456789abcdef0123456789abcdef-us21";

describe("keys", () => {
  it("tells a Klaviyo private key and a Mailchimp key by their shape", () => {
    expect(keyShapeProblem("klaviyo", KLAVIYO_KEY)).toBeNull();
    expect(keyShapeProblem("klaviyo", "AbC123")).toBe(EMAIL_TOOL_MESSAGES.klaviyoKeyShape);
    expect(keyShapeProblem("klaviyo", MAILCHIMP_KEY)).toBe(EMAIL_TOOL_MESSAGES.klaviyoKeyShape);
    expect(keyShapeProblem("mailchimp", MAILCHIMP_KEY)).toBeNull();
    expect(keyShapeProblem("mailchimp", "0123456789abcdef0123456789abcdef")).toBe(EMAIL_TOOL_MESSAGES.mailchimpKeyShape);
    expect(keyShapeProblem("mailchimp", KLAVIYO_KEY)).toBe(EMAIL_TOOL_MESSAGES.mailchimpKeyShape);
  });

  it("takes Mailchimp's data centre from the key, and nothing that could name another host", () => {
    expect(mailchimpDataCenter(MAILCHIMP_KEY)).toBe("us21");
    expect(mailchimpDataCenter("0123456789abcdef0123456789abcdef-eu1")).toBe("eu1");
    expect(mailchimpDataCenter("0123456789abcdef0123456789abcdef-evil.example.com")).toBeNull();
    expect(mailchimpDataCenter("0123456789abcdef0123456789abcdef-us21/x")).toBeNull();
  });

  it("shows only the last four characters", () => {
    expect(keyLast4(MAILCHIMP_KEY)).toBe("us21");
    expect(keyLast4(KLAVIYO_KEY)).toBe("ef01");
  });

  it("trims a pasted key and checks its shape in the form schema", () => {
    const ok = ConnectEmailToolSchema.safeParse({ provider: "mailchimp", apiKey: `  ${MAILCHIMP_KEY}\n` });
    expect(ok.success && ok.data.apiKey).toBe(MAILCHIMP_KEY);
    const wrong = ConnectEmailToolSchema.safeParse({ provider: "klaviyo", apiKey: MAILCHIMP_KEY });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["apiKey", EMAIL_TOOL_MESSAGES.klaviyoKeyShape],
    ]);
    expect(ConnectEmailToolSchema.safeParse({ provider: "hubspot", apiKey: KLAVIYO_KEY }).error?.issues[0]?.message).toBe(
      EMAIL_TOOL_MESSAGES.providerRequired,
    );
    expect(ConnectEmailToolSchema.safeParse({ provider: "klaviyo", apiKey: "   " }).error?.issues[0]?.message).toBe(
      EMAIL_TOOL_MESSAGES.keyRequired,
    );
  });
});

describe("Mailchimp's subscriber hash", () => {
  it("is the MD5 of the lower-cased, trimmed address", () => {
    expect(subscriberHash("Urist.McVankab@Example.COM ")).toBe(createHash("md5").update("urist.mcvankab@example.com").digest("hex"));
    // Mailchimp's documented example.
    expect(subscriberHash("Urist.McVankab@freddiesjokes.com")).toBe("62eeb292278cc15f5817cb78f7790b08");
  });
});

describe("request bodies", () => {
  const consentedAt = new Date("2026-11-20T10:15:30.123Z");

  it("subscribes Klaviyo profiles as a historical import with the consent time, source and list", () => {
    expect(klaviyoSubscribeJob("Xy12Ab", "Giveawear: Summer Tee", [{ email: "ada@example.com", consentedAt }])).toEqual({
      data: {
        type: "profile-subscription-bulk-create-job",
        attributes: {
          custom_source: "Giveawear: Summer Tee",
          historical_import: true,
          profiles: {
            data: [
              {
                type: "profile",
                attributes: {
                  email: "ada@example.com",
                  subscriptions: { email: { marketing: { consent: "SUBSCRIBED", consented_at: "2026-11-20T10:15:30.123Z" } } },
                },
              },
            ],
          },
        },
        relationships: { list: { data: { type: "list", id: "Xy12Ab" } } },
      },
    });
    expect(KLAVIYO_REVISION).toMatch(/^\d{4}-\d{2}-15$/);
  });

  it("unsubscribes Klaviyo profiles from email marketing and the list", () => {
    const job = klaviyoUnsubscribeJob("Xy12Ab", ["ada@example.com", "bo@example.com"]);
    expect(job.data.type).toBe("profile-subscription-bulk-delete-job");
    expect(job.data.attributes.profiles.data.map((profile) => profile.attributes)).toEqual([
      { email: "ada@example.com", subscriptions: { email: { marketing: { consent: "UNSUBSCRIBED" } } } },
      { email: "bo@example.com", subscriptions: { email: { marketing: { consent: "UNSUBSCRIBED" } } } },
    ]);
    expect(job.data.relationships.list.data).toEqual({ type: "list", id: "Xy12Ab" });
  });

  it("upserts a Mailchimp member as subscribed with the opt-in time and no IP address", () => {
    expect(mailchimpMemberUpsert("ada@example.com", consentedAt)).toEqual({
      email_address: "ada@example.com",
      status_if_new: "subscribed",
      status: "subscribed",
      timestamp_opt: "2026-11-20T10:15:30+00:00",
    });
    expect(mailchimpSourceTag("Giveawear: Summer Tee")).toEqual({ tags: [{ name: "Giveawear: Summer Tee", status: "active" }] });
  });

  it("names the source after the campaign, within Mailchimp's 100 characters for a tag", () => {
    expect(consentSource("  Summer   Tee ")).toBe("Giveawear: Summer Tee");
    expect(consentSource("")).toBe("Giveawear: a giveaway");
    expect(consentSource("x".repeat(200))).toHaveLength(100);
  });
});

describe("answers", () => {
  const now = new Date("2026-11-24T12:00:00Z");

  it("reads Retry-After as seconds or as a date", () => {
    expect(retryAfterTime("30", now)?.toISOString()).toBe("2026-11-24T12:00:30.000Z");
    expect(retryAfterTime("Tue, 24 Nov 2026 12:05:00 GMT", now)?.toISOString()).toBe("2026-11-24T12:05:00.000Z");
    expect(retryAfterTime("Tue, 24 Nov 2026 11:00:00 GMT", now)?.toISOString()).toBe(now.toISOString());
    expect(retryAfterTime(null, now)).toBeNull();
    expect(retryAfterTime("soon", now)).toBeNull();
  });

  it("finds the profiles a refused Klaviyo job names", () => {
    const body = {
      errors: [
        {
          status: 400,
          code: "invalid",
          title: "Invalid input.",
          detail: "Invalid email address",
          source: { pointer: "/data/attributes/profiles/data/2/attributes/email" },
        },
        {
          status: 400,
          code: "invalid",
          title: "Invalid input.",
          detail: "Bad consent",
          source: { pointer: "/data/attributes/profiles/data/0/attributes/subscriptions" },
        },
        { status: 400, code: "invalid", title: "Invalid input.", detail: "Missing list", source: { pointer: "/data/relationships/list" } },
      ],
    };
    expect([...klaviyoRefusedProfiles(body)]).toEqual([
      [2, "Invalid email address"],
      [0, "Bad consent"],
    ]);
    expect(klaviyoRefusedProfiles(null).size).toBe(0);
    expect(klaviyoRefusedProfiles({ errors: "nope" }).size).toBe(0);
  });

  it("words both services' errors", () => {
    expect(
      serviceErrorText(
        { errors: [{ title: "Authentication credentials were not provided.", detail: "Missing or invalid private key." }] },
        "x",
      ),
    ).toBe("Authentication credentials were not provided. Missing or invalid private key.");
    expect(serviceErrorText({ title: "API Key Invalid", detail: "Your API key may be invalid." }, "x")).toBe(
      "API Key Invalid: Your API key may be invalid.",
    );
    expect(serviceErrorText("<html>", "HTTP 502")).toBe("HTTP 502");
  });
});

describe("retries", () => {
  it("waits longer after each failed attempt and gives up after almost four days", () => {
    const now = new Date("2026-11-24T12:00:00Z");
    expect(nextEmailToolAttemptAt(1, now)?.toISOString()).toBe("2026-11-24T12:01:00.000Z");
    expect(nextEmailToolAttemptAt(2, now)?.toISOString()).toBe("2026-11-24T12:05:00.000Z");
    expect(nextEmailToolAttemptAt(EMAIL_TOOL_MAX_ATTEMPTS - 1, now)?.toISOString()).toBe("2026-11-25T12:00:00.000Z");
    expect(nextEmailToolAttemptAt(EMAIL_TOOL_MAX_ATTEMPTS, now)).toBeNull();
    expect(() => nextEmailToolAttemptAt(0, now)).toThrow(RangeError);
  });
});
