import { describe, expect, it } from "vitest";
import { campaignShareLinks, shareText, socialLinks } from "~/domain/campaign-page";
import { REFERRAL_BONUS_ENTRIES } from "~/domain/entries";

describe("socialLinks", () => {
  it("links each handle to its network's profile, without a leading @", () => {
    expect(socialLinks({ instagram: "@pixel.pine", x: "pixel_pine", tiktok: "@pixel.pine" })).toEqual([
      { network: "instagram", label: "Instagram", handle: "pixel.pine", href: "https://www.instagram.com/pixel.pine" },
      { network: "x", label: "X", handle: "pixel_pine", href: "https://x.com/pixel_pine" },
      { network: "tiktok", label: "TikTok", handle: "pixel.pine", href: "https://www.tiktok.com/@pixel.pine" },
    ]);
  });

  it("leaves out empty handles and any the network would not allow", () => {
    expect(socialLinks({ instagram: "", x: "has.dot", tiktok: "../evil?x=1" })).toEqual([]);
    expect(socialLinks({ instagram: "a".repeat(31), x: "b".repeat(16), tiktok: "ok_one" }).map((link) => link.network)).toEqual(["tiktok"]);
  });
});

describe("shareText", () => {
  it("promises the sharer, not the friend, bonus entries only when they are on offer", () => {
    expect(shareText("Summit Hoodie Drop", "Trailhead", true)).toBe(
      `Enter Summit Hoodie Drop by Trailhead. Each friend who enters through my link and confirms gives me ${REFERRAL_BONUS_ENTRIES} bonus entries.`,
    );
    expect(shareText("Summit Hoodie Drop", "Trailhead", false)).toBe("Enter Summit Hoodie Drop by Trailhead.");
  });

  it("puts the text and the link into each network's share address", () => {
    const links = campaignShareLinks("https://giveawear.example/campaign/abc?ref=e1", "Tee", "Enter Tee by Co.");
    const x = new URL(links.find((link) => link.network === "x")!.href);
    expect(x.searchParams.get("text")).toBe("Enter Tee by Co.");
    expect(x.searchParams.get("url")).toBe("https://giveawear.example/campaign/abc?ref=e1");
    expect(decodeURIComponent(links.find((link) => link.network === "whatsapp")!.href)).toContain(
      "Enter Tee by Co. https://giveawear.example/campaign/abc?ref=e1",
    );
  });
});
