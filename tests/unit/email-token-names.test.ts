/**
 * The winner emails' tokens are named after the claim (claim_link, claim_deadline), like
 * Campaign.claimDeadline and AdditionalPrize.claimDeadline. Templates an admin saved with the
 * earlier names (redemption_link, redemption_deadline) keep working.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { type EditableTemplate, TemplateEditor, renderPreview } from "~/components/admin/template-editor";
import { EMAIL_TEMPLATE_DEFAULTS } from "~/domain/email-template-defaults";
import { FORMER_TOKEN_NAMES, SAMPLE_TOKENS, currentTokenName, fillTemplate, formerNamesOf } from "~/domain/templates";
import { tokensFilledBy } from "~/server/admin/templates.server";

const filled = { claim_link: "https://giveawear.example/claim/abc", claim_deadline: "July 1, 2026, 12:00 UTC" };

/** The admin's template page as the server renders it. */
function editorHtml(template: EditableTemplate): string {
  const Stub = createRoutesStub([
    { path: "/", Component: () => createElement(TemplateEditor, { template, lastResult: undefined, posted: null }) },
  ]);
  return renderToString(createElement(Stub)).replace(/<!-- -->/g, "");
}

describe("claim token names", () => {
  it("fills the earlier names with the values of the current ones", () => {
    expect(fillTemplate('<a href="{{redemption_link}}">Claim</a> before {{ redemption_deadline }}', filled)).toBe(
      '<a href="https://giveawear.example/claim/abc">Claim</a> before July 1, 2026, 12:00 UTC',
    );
    expect(fillTemplate("{{redemption_deadline}}", filled, false)).toBe(filled.claim_deadline);
    expect(fillTemplate("{{claim_link}} {{claim_deadline}}", filled)).toBe(`${filled.claim_link} ${filled.claim_deadline}`);
    expect(currentTokenName("redemption_link")).toBe("claim_link");
    expect(currentTokenName("claim_link")).toBe("claim_link");
    expect(formerNamesOf("claim_deadline")).toEqual(["redemption_deadline"]);
  });

  it("names only claim_* tokens in the default templates and in what the platform fills", () => {
    for (const template of EMAIL_TEMPLATE_DEFAULTS) {
      for (const former of FORMER_TOKEN_NAMES.keys()) {
        expect(template.htmlBody, template.id).not.toContain(former);
        expect(template.tokens as readonly string[], template.id).not.toContain(former);
      }
    }
    expect(tokensFilledBy("winner_notification")).toEqual(expect.arrayContaining(["claim_link", "claim_deadline"]));
    expect(tokensFilledBy("additional_prize_winner")).toEqual(expect.arrayContaining(["claim_link", "claim_deadline"]));
    expect(SAMPLE_TOKENS).toMatchObject({ claim_link: expect.any(String), claim_deadline: expect.any(String) });
  });

  it("shows admins the claim_* names, says the earlier ones still work, and previews a template that uses them", () => {
    const template: EditableTemplate = {
      id: "winner_notification",
      name: "Winner notification",
      subject: "You won!",
      htmlBody: '<p><a href="{{redemption_link}}">Claim</a> before {{redemption_deadline}}</p>',
      tokens: tokensFilledBy("winner_notification"),
    };
    const html = editorHtml(template);
    expect(html).toContain("{{claim_link}}");
    expect(html).toContain("{{claim_deadline}}");
    expect(html).toContain(
      "Earlier names still work: {{redemption_link}} (now {{claim_link}}), {{redemption_deadline}} (now {{claim_deadline}}).",
    );
    // The earlier names are filled, so they are not reported as coming out empty.
    expect(html).not.toContain("This email does not fill");

    const preview = renderPreview(template, template.subject, template.htmlBody);
    expect(preview.html).toBe(`<p><a href="${SAMPLE_TOKENS.claim_link}">Claim</a> before ${SAMPLE_TOKENS.claim_deadline}</p>`);
  });

  it("still warns about a token the email never fills", () => {
    const html = editorHtml({
      id: "winner_notification",
      name: "Winner notification",
      subject: "You won!",
      htmlBody: "<p>{{redemption_code}}</p>",
      tokens: tokensFilledBy("winner_notification"),
    });
    expect(html).toContain("This email does not fill {{redemption_code}}: it comes out empty.");
  });
});
