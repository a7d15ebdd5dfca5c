/**
 * Request checks that need no server: which body limit a path gets, what counts as this machine,
 * and how readForm answers a body cut off at its limit or a field holding control characters.
 */
import { describe, expect, it } from "vitest";
import {
  BODY_LIMITS,
  BodyTooLargeError,
  bodyLimitFor,
  bodyTooLargeMessage,
  FORM_MESSAGES,
  readForm,
  UPLOAD_ROUTES,
  WEBHOOK_ROUTES,
} from "~/server/core/forms.server";
import { UPLOAD_LIMITS } from "~/domain/images";
import { isLoopbackAddress } from "~/server/core/request.server";

/** What readForm throws: React Router's data(...) with its status. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number | undefined; message: unknown }> {
  try {
    await promise;
  } catch (error) {
    const thrown = error as { data?: unknown; init?: { status?: number } };
    return { status: thrown.init?.status, message: thrown.data };
  }
  throw new Error("readForm accepted the form");
}

function urlencoded(body: string): Request {
  return new Request("http://localhost/contact", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
}

describe("body limits", () => {
  it("give the upload routes the large limit, the webhooks the small one and everything else the default", () => {
    for (const path of UPLOAD_ROUTES) {
      expect(bodyLimitFor(path)).toBe(BODY_LIMITS.uploads);
      expect(bodyLimitFor(`${path}.data`)).toBe(BODY_LIMITS.uploads);
      expect(bodyLimitFor(`${path}/`)).toBe(BODY_LIMITS.uploads);
      expect(bodyLimitFor(path.toUpperCase())).toBe(BODY_LIMITS.uploads);
    }
    for (const path of WEBHOOK_ROUTES) expect(bodyLimitFor(path)).toBe(BODY_LIMITS.webhooks);
    for (const path of ["/", "/login", "/campaign/abc", "/contact.data", "/create-campaign-v2/sign-in", "/admin/dashboard/settings"]) {
      expect(bodyLimitFor(path)).toBe(BODY_LIMITS.default);
    }
  });

  it("leave room for the largest wizard step (a product image and a logo) and the wizard's own 40 MB check", () => {
    const largestStep = (UPLOAD_LIMITS.product_image + UPLOAD_LIMITS.logo) * 1024 * 1024;
    expect(BODY_LIMITS.uploads).toBeGreaterThan(largestStep);
    expect(BODY_LIMITS.uploads).toBeGreaterThan(40 * 1024 * 1024);
    expect(BODY_LIMITS.default).toBeLessThan(BODY_LIMITS.uploads);
    expect(bodyTooLargeMessage(BODY_LIMITS.uploads)).toBe("The request is larger than we accept (at most 45 MB).");
  });

  it("readForm answers a body cut off at its limit with 413, not as a malformed form", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nxx'));
        controller.error(new BodyTooLargeError(BODY_LIMITS.default));
      },
    });
    const request = new Request("http://localhost/login", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=b" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(await refusal(readForm(request))).toEqual({ status: 413, message: bodyTooLargeMessage(BODY_LIMITS.default) });
  });
});

describe("control characters in a form", () => {
  it.each([
    ["NUL", "%00"],
    ["a bell", "%07"],
    ["an escape", "%1B"],
    ["a vertical tab", "%0B"],
    ["DEL", "%7F"],
  ])("refuses %s in a field's text with 400", async (_name, encoded) => {
    expect(await refusal(readForm(urlencoded(`name=Ada&message=hello${encoded}world`)))).toEqual({
      status: 400,
      message: FORM_MESSAGES.forbiddenCharacters,
    });
  });

  it("refuses one in a field's name", async () => {
    expect((await refusal(readForm(urlencoded("na%00me=Ada")))).status).toBe(400);
  });

  it("accepts tabs, line breaks and any other text", async () => {
    const form = await readForm(urlencoded(`message=${encodeURIComponent("one\ttwo\r\nthree\nÉmile 😀 \u00a0")}`));
    expect(form.get("message")).toBe("one\ttwo\r\nthree\nÉmile 😀 \u00a0");
  });

  it("does not look inside files: an image is bytes, not text", async () => {
    const body = new FormData();
    body.append("name", "Ada");
    body.append("image", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x1a, 0x0a])], "a.png", { type: "image/png" }));
    const form = await readForm(new Request("http://localhost/create-campaign-v2", { method: "POST", body }));
    expect(form.get("image")).toBeInstanceOf(File);
  });
});

describe("this machine", () => {
  it.each(["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1", "0:0:0:0:0:ffff:127.0.0.1", "0:0:0:0:0:0:0:1"])("counts %s", (ip) => {
    expect(isLoopbackAddress(ip)).toBe(true);
  });

  it.each(["", "10.0.0.5", "192.168.1.2", "::ffff:10.0.0.1", "128.0.0.1", "fe80::1", "127.0.0.1.evil", "::2", "1127.0.0.1"])(
    "does not count %j",
    (ip) => {
      expect(isLoopbackAddress(ip)).toBe(false);
    },
  );

  it("does not count a missing address", () => {
    expect(isLoopbackAddress(null)).toBe(false);
  });
});
