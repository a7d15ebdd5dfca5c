import { describe, expect, it } from "vitest";
import { EmailSchema, normalizeEmail } from "~/domain/email-address";
import { identiconSvg } from "~/domain/identicon";
import { fillTemplate, htmlToText } from "~/domain/templates";

describe("email templates", () => {
  it("fills tokens with HTML-escaped values", () => {
    const html = fillTemplate("<p>Hi {{email}}, code {{ code }}</p>", { email: '<script>"x"</script>@a.io', code: 123456 });
    expect(html).toBe("<p>Hi &lt;script&gt;&quot;x&quot;&lt;/script&gt;@a.io, code 123456</p>");
  });
  it("drops unknown tokens instead of leaking placeholders", () => {
    expect(fillTemplate("Hello {{nobody}}!", {})).toBe("Hello !");
  });
  it("makes a readable text version with link targets", () => {
    expect(htmlToText('<p>Code: <b>1</b></p><p><a href="https://x.io/l">Sign in</a></p>')).toBe("Code: 1\nSign in (https://x.io/l)");
  });
});

describe("email addresses", () => {
  it("normalises by trimming and lower-casing", () => {
    expect(normalizeEmail("  Ada@Example.COM ")).toBe("ada@example.com");
    expect(EmailSchema.parse(" Ada@Example.COM")).toBe("ada@example.com");
  });
  it("uses the spec's messages", () => {
    expect(EmailSchema.safeParse("").error?.issues[0]?.message).toBe("Email is required.");
    expect(EmailSchema.safeParse("ada@").error?.issues[0]?.message).toBe("Please enter a valid email address.");
    expect(EmailSchema.safeParse("a b@c.de").error?.issues[0]?.message).toBe("Please enter a valid email address.");
  });
});

describe("generated avatars", () => {
  it("are deterministic per seed and differ between seeds", () => {
    const a = identiconSvg("0123456789abcdef0123456789abcdef");
    expect(identiconSvg("0123456789abcdef0123456789abcdef")).toBe(a);
    expect(identiconSvg("fedcba9876543210fedcba9876543210")).not.toBe(a);
    expect(a.startsWith("<svg")).toBe(true);
  });
});
