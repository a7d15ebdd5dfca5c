import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { compile } from "tailwindcss";
import { describe, expect, it } from "vitest";
import { COLOUR_CHOICES } from "~/components/campaign/colour-switcher";
import { PRODUCT_COLORS } from "~/domain/campaign-schemas";

/**
 * The campaign page shows a colour's picture through a Tailwind arbitrary variant naming that
 * colour's radio (`group-has-[#id:checked]`). Tailwind reads an underscore there as a space, which
 * once turned Heather Gray's selector into `#colour-heather gray:checked` (matching nothing). Each
 * class is compiled by Tailwind itself here, and the selector it writes must name the radio's id.
 */
const require = createRequire(import.meta.url);

async function tailwindCss(classes: string[]): Promise<string> {
  const compiler = await compile(`@import "tailwindcss/utilities";`, {
    base: process.cwd(),
    loadStylesheet: async (_id: string, base: string) => ({
      base,
      path: require.resolve("tailwindcss/utilities.css"),
      content: readFileSync(require.resolve("tailwindcss/utilities.css"), "utf8"),
    }),
  });
  return compiler.build(classes);
}

describe("the colour switcher's selectors", () => {
  it("has one choice per product colour", () => {
    expect(Object.keys(COLOUR_CHOICES).sort()).toEqual(PRODUCT_COLORS.map((c) => c.key).sort());
  });

  it.each(PRODUCT_COLORS.map((c) => c.key))(
    "%s: the radio's id is plain (letters and hyphens) and Tailwind's selector names it",
    async (key) => {
      const { radioId, showWhenChecked } = COLOUR_CHOICES[key];
      expect(radioId).toMatch(/^[a-z][a-z-]*$/);
      const css = await tailwindCss([showWhenChecked]);
      expect(css).toContain(`:has(:is(#${radioId}:checked))`);
      expect(css).toContain("display: block");
    },
  );

  it("gives every colour its own radio", () => {
    const ids = Object.values(COLOUR_CHOICES).map((choice) => choice.radioId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
