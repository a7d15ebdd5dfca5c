import { describe, expect, it } from "vitest";
import { outboxHref, parseOutboxQuery } from "~/domain/outbox";

describe("the email outbox page's query", () => {
  it("reads a status, a recipient and a page, and falls back to the whole outbox on page 1", () => {
    expect(parseOutboxQuery(new URLSearchParams("status=failed&q=%20Jamie%40&page=3"))).toEqual({ status: "failed", q: "Jamie@", page: 3 });
    expect(parseOutboxQuery(new URLSearchParams("status=bounced&page=-2"))).toEqual({ status: null, q: "", page: 1 });
    expect(parseOutboxQuery(new URLSearchParams("page=1.5"))).toEqual({ status: null, q: "", page: 1 });
    expect(parseOutboxQuery(new URLSearchParams(`q=${"x".repeat(300)}`)).q).toHaveLength(100);
  });

  it("writes the page's URL, leaving out the defaults", () => {
    expect(outboxHref({})).toBe("/admin/dashboard/emails");
    expect(outboxHref({ status: null, q: "", page: 1 })).toBe("/admin/dashboard/emails");
    expect(outboxHref({ status: "sent", q: "a b@x", page: 2 })).toBe("/admin/dashboard/emails?status=sent&q=a+b%40x&page=2");
  });
});
