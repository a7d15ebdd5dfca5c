import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { CampaignInfoSchema } from "~/domain/campaign-schemas";
import { FROZEN_FIELDS, LIVE_EDIT_FIELDS, LiveEditSchema } from "~/domain/live-edit";
import { PAGE_LAYOUT_INVALID, PAGE_LAYOUTS, pageLayoutLabel, pageLayoutOf } from "~/domain/page-layout";

function formData(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const STEP1 = { title: "Summer tee giveaway", description: "Win our summer tee, printed for you.", brandName: "Acme" };
const LIVE = { title: "Summer tee giveaway", description: "Win our summer tee, printed for you." };

/** Decision 106: the campaign page's three layouts. */
describe("the page layout field", () => {
  it("offers three layouts, each with a label and a one-line description for the creator", () => {
    expect(PAGE_LAYOUTS.map((layout) => layout.key)).toEqual(["split", "image", "minimal"]);
    for (const layout of PAGE_LAYOUTS) {
      expect(layout.label).not.toBe("");
      expect(layout.description).toMatch(/^[A-Z].+\.$/);
      expect(layout.description).not.toContain("\n");
    }
  });

  it.each([
    ["step 1", CampaignInfoSchema, STEP1],
    ["live edit", LiveEditSchema, LIVE],
  ] as const)("%s accepts each of the three", (_, schema, base) => {
    for (const key of ["split", "image", "minimal"]) {
      const submission = parseWithZod(formData({ ...base, pageLayout: key }), { schema });
      expect(submission.status, key).toBe("success");
      expect(submission.status === "success" && submission.value.pageLayout).toBe(key);
    }
  });

  it.each([
    ["step 1", CampaignInfoSchema, STEP1],
    ["live edit", LiveEditSchema, LIVE],
  ] as const)("%s refuses any other with a message naming the choices", (_, schema, base) => {
    for (const bad of ["banner", "SPLIT", "split "]) {
      const submission = parseWithZod(formData({ ...base, pageLayout: bad }), { schema });
      expect(submission.status, bad).toBe("error");
      expect(submission.reply().error?.pageLayout, bad).toEqual([PAGE_LAYOUT_INVALID]);
    }
    expect(PAGE_LAYOUT_INVALID).toBe("Choose a page layout: Side by side, Picture first, Minimal.");
  });

  it("leaves the layout out when the form does not send it, so the saved one stays", () => {
    const submission = parseWithZod(formData(STEP1), { schema: CampaignInfoSchema });
    expect(submission.status === "success" && submission.value.pageLayout).toBeUndefined();
  });

  it("is presentation: editable while live, never frozen", () => {
    expect(LIVE_EDIT_FIELDS).toContain("pageLayout");
    expect(Object.keys(FROZEN_FIELDS)).not.toContain("pageLayout");
  });

  it("reads a stored value, an unknown one as the default", () => {
    expect(pageLayoutOf("image")).toBe("image");
    expect(pageLayoutOf("")).toBe("split");
    expect(pageLayoutOf("carousel")).toBe("split");
    expect(pageLayoutLabel("minimal")).toBe("Minimal");
  });
});
