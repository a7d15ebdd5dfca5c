import { describe, expect, it } from "vitest";
import { type DesignToName, savedDesignNames, shortTitle } from "~/domain/saved-designs";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 9, minute));
const TITLE = "Win the Kestrel Winter Mug Giveaway";

describe("saved designs' names (decision 069)", () => {
  it("cuts a long title on a word boundary", () => {
    expect(shortTitle(TITLE)).toBe("Win the Kestrel Winter…");
    expect(shortTitle("Short title")).toBe("Short title");
    expect(shortTitle("  Spaces   between   words  ")).toBe("Spaces between words");
    expect(shortTitle("Supercalifragilisticexpialidocious tee")).toBe("Supercalifragilisticexp…");
    expect(shortTitle("Win the Kestrel Winter, Mug Giveaway", 24)).toBe("Win the Kestrel Winter…");
    expect(shortTitle(TITLE).length).toBeLessThanOrEqual(24);
  });

  it("gives every design of one campaign a distinct name, numbered in the order they were made", () => {
    const designs: DesignToName[] = [
      { id: "c", source: "AI", campaignTitle: TITLE, prompt: "a mug", createdAt: at(3) },
      { id: "a", source: "AI", campaignTitle: TITLE, prompt: "a mug", createdAt: at(1) },
      { id: "b", source: "AI", campaignTitle: TITLE, prompt: "a mug", createdAt: at(2) },
      { id: "u", source: "Uploaded", campaignTitle: TITLE, createdAt: at(4) },
      { id: "solo", source: "AI", campaignTitle: "Summit Hoodie Drop", createdAt: at(5) },
    ];
    const names = savedDesignNames(designs);
    expect(names.get("a")).toEqual({
      title: "Win the Kestrel Winter…",
      label: "AI design 1",
      name: "Win the Kestrel Winter… · AI design 1",
    });
    expect(names.get("b")?.label).toBe("AI design 2");
    expect(names.get("c")?.label).toBe("AI design 3");
    expect(names.get("u")).toMatchObject({ title: "Win the Kestrel Winter…", label: "Upload" });
    expect(names.get("solo")).toMatchObject({ title: "Summit Hoodie Drop", label: "AI design" });
    expect(new Set([...names.values()].map((n) => n.name)).size).toBe(designs.length);
  });

  it("names a design without a campaign title by its prompt, or as an upload, still distinctly", () => {
    const names = savedDesignNames([
      { id: "p", source: "AI", campaignTitle: "", prompt: "a kestrel over snowy hills at dawn", createdAt: at(1) },
      { id: "u1", source: "Uploaded", campaignTitle: "", createdAt: at(2) },
      { id: "u2", source: "Uploaded", campaignTitle: " ", createdAt: at(3) },
    ]);
    expect(names.get("p")).toMatchObject({ title: "a kestrel over snowy…", label: "AI design" });
    expect(names.get("u1")).toMatchObject({ title: "Uploaded design", label: "Upload 1" });
    expect(names.get("u2")).toMatchObject({ title: "Uploaded design", label: "Upload 2" });
  });
});
