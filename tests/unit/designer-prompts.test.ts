import { describe, expect, it } from "vitest";
import { AI_STYLES, defaultPrompts, subjectWords } from "~/domain/ai-prompts";

// The demo campaigns' titles and descriptions (app/server/startup/seed.server.ts), and a few harder ones.
const CAMPAIGNS = [
  {
    title: "Win the Northwind Morning Mug",
    brand: "Northwind Roasters",
    description: "Start every morning right: enter to win our mug.",
    product: "mug",
  },
  { title: "Pixel & Pine Forest Tee Giveaway", brand: "Pixel & Pine", description: "", product: "t-shirt" },
  { title: "Summit Hoodie Drop", brand: "Trailhead Outfitters", description: "", product: "hoodie" },
  { title: "Sourdough Club Mug Giveaway", brand: "Cedar & Salt Bakery", description: "", product: "mug" },
  {
    title: "WIN! Enter for your chance at a FREE prize",
    brand: "Acme",
    description: "Our coffee cup art, printed on a soft tee.",
    product: "t-shirt",
  },
  { title: "Giveaway", brand: "", description: "", product: "t-shirt" },
];

describe("default AI prompts", () => {
  it("describe the design, the brand and the product, never the giveaway", () => {
    for (const { title, brand, description, product } of CAMPAIGNS) {
      const prompts = defaultPrompts(title, brand, { description, productType: product });
      prompts.forEach((prompt, index) => {
        expect(prompt, title).not.toMatch(/\b(win|giveaway|enter|free|chance|prize)\b/i);
        expect(prompt, title).toContain(AI_STYLES[index]);
        expect(prompt, title).toContain(`on a ${product}`);
        if (brand) expect(prompt, title).toContain(brand);
      });
    }
  });

  it("keep the title's subject words", () => {
    expect(defaultPrompts("Win the Northwind Morning Mug", "Northwind Roasters", { productType: "mug" })).toEqual([
      "Northwind Morning line illustration for Northwind Roasters, modern minimalist design on a mug",
      "Northwind Morning badge for Northwind Roasters, vintage graphic design on a mug",
      "Northwind Morning pattern for Northwind Roasters, abstract geometric design on a mug",
    ]);
    expect(subjectWords("Pixel & Pine Forest Tee Giveaway", "Pixel & Pine")).toEqual(["Forest"]);
    // Only the brand's whole name is taken out: one of its words may be the subject itself.
    expect(subjectWords("Night Owl Club Tee", "Owl Labs")).toEqual(["Night", "Owl", "Club"]);
  });

  it("fall back to the description when the title is only giveaway words, then to the brand", () => {
    const [fromDescription] = defaultPrompts("WIN! Enter for your chance at a FREE prize", "Acme", {
      description: "Our coffee cup art, printed on a soft tee.",
    });
    expect(fromDescription).toBe("coffee cup art line illustration for Acme, modern minimalist design on a t-shirt");
    expect(defaultPrompts("Giveaway", "Acme")[1]).toBe("Acme logo badge, vintage graphic design on a t-shirt");
    expect(defaultPrompts("", "")[2]).toBe("bold graphic pattern, abstract geometric design on a t-shirt");
  });

  it("work when called as before, with the title and brand only", () => {
    expect(defaultPrompts("Vinyl Night Hoodie", "Riff Records")[0]).toBe(
      "Vinyl Night line illustration for Riff Records, modern minimalist design on a t-shirt",
    );
  });
});
