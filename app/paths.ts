import type { href as routerHref } from "react-router";

/**
 * The app's addresses, in one place. Each is built by React Router's href() from a pattern in
 * app/routes.ts, so `npm run typecheck` (which runs `react-router typegen` first) fails when a
 * route is renamed or loses a parameter. Links, redirects, cookie paths and the absolute links in
 * emails (through publicUrl) all come from here; nothing builds "/campaign/" + id by hand, and
 * ESLint refuses a hand-written "/…" as a link, a form's action or a redirect.
 *
 * A page without parameters or a query is `href("/pricing")`; one with parameters or a query has
 * its function below. Files served as they are from public/ have their paths at the end.
 *
 * Values are inserted as given, as a template string would: ids and tokens are URL-safe.
 */

/**
 * React Router's href(), with its types (the patterns of app/routes.ts and their parameters), and
 * its code written out: importing this module loads nothing, so a draw, a job or a script that
 * builds a link does not load React Router for it (decision 070). tests/unit/paths.test.ts holds it
 * to React Router's own for every route.
 */
export const href: typeof routerHref = (path, ...args) => {
  const params = args[0] as Record<string, string | undefined> | undefined;
  const pattern: string = path;
  let result = trimTrailingSplat(pattern).replace(/\/:([\w-]+)(\?)?/g, (_, param: string, questionMark: string | undefined) => {
    const value = params?.[param];
    if (questionMark === undefined && value === undefined)
      throw new Error(`Path '${pattern}' requires param '${param}' but it was not provided`);
    return value === undefined ? "" : `/${value}`;
  });
  if (pattern.endsWith("*")) {
    const value = params?.["*"];
    if (value !== undefined) result += `/${value}`;
  }
  return result || "/";
};

/** The pattern without a trailing `*` or `/` (and the slashes before it). */
function trimTrailingSplat(pattern: string): string {
  let end = pattern.length - 1;
  if (pattern[end] !== "*" && pattern[end] !== "/") return pattern;
  end -= 1;
  while (end >= 0 && pattern[end] === "/") end -= 1;
  return pattern.slice(0, end + 1);
}

type Query = Record<string, string> | URLSearchParams;

/** `path?query`, or `path` alone when the query is empty. */
function withQuery(path: string, query?: Query): string {
  const search = query ? new URLSearchParams(query).toString() : "";
  return search ? `${path}?${search}` : path;
}

// The public campaign pages

export function campaignPath(campaignId: string): string {
  return href("/campaign/:campaignId", { campaignId });
}

/** The id of the block that holds the entry form, or in its place the entered or pending card. */
export const ENTRY_ANCHOR = "enter";

/** Where a page's entry forms answer: the campaign page, scrolled to the form (decision 043: `#enter` lands a refusal at its errors). */
export function entryFormAction(campaignId: string): string {
  return `${campaignPath(campaignId)}#${ENTRY_ANCHOR}`;
}

/**
 * The campaign page's entry form's own action: the address the browser shows, query and all (a
 * referral link's `?ref=`), scrolled to the form. A fragment alone resolves against the page's own
 * address, which the one render every visitor shares cannot know (decision 067).
 */
export const ENTRY_FORM_HERE = `#${ENTRY_ANCHOR}`;

/** The campaign page with an entrant's referral (`?ref=`), the link entrants share. */
export function referralPath(campaignId: string, entryId: string): string {
  return withQuery(campaignPath(campaignId), { ref: entryId });
}

/** The page behind the link in the "confirm your entry" email (decision 038); the token is confirmToken's. */
export function confirmEntryPath(campaignId: string, token: string): string {
  return href("/campaign/:campaignId/confirm/:token", { campaignId, token });
}

/** The id of the entered view's list of entry actions (decision 077). */
export const ACTIONS_ANCHOR = "actions";

/** The campaign page scrolled to the entrant's actions: where an action's form answers (decision 077). */
export function entryActionsPath(campaignId: string): string {
  return `${campaignPath(campaignId)}#${ACTIONS_ANCHOR}`;
}

/** The entrant's personal link (decision 077): it opens their entry, with its actions, in any browser; the token is personalEntryToken's. */
export function personalEntryPath(campaignId: string, token: string): string {
  return href("/campaign/:campaignId/entry/:token", { campaignId, token });
}

/** Where an entry action's form posts (code, question, follow, daily; decision 077). */
export function entryActionPath(campaignId: string, actionId: string): string {
  return href("/campaign/:campaignId/actions/:actionId", { campaignId, actionId });
}

/** A "visit a page" action's tracked link: counts the visit, then redirects to the page (decision 077). */
export function entryActionGoPath(campaignId: string, actionId: string): string {
  return href("/campaign/:campaignId/actions/:actionId/go", { campaignId, actionId });
}

export function campaignRulesPath(campaignId: string): string {
  return href("/campaign/:campaignId/rules", { campaignId });
}

/** The published draw record. */
export function campaignDrawPath(campaignId: string): string {
  return href("/campaign/:campaignId/draw", { campaignId });
}

/**
 * "Check my entry" on the draw page for an entry, with the list hash the entrant was sent (decision
 * 093): the link in the "entries are closed" email.
 */
export function entryCheckPath(campaignId: string, query: { entry: string; hash: string }): string {
  return `${withQuery(campaignDrawPath(campaignId), query)}#check`;
}

/** The public winners list (decision 057). */
export function campaignWinnersPath(campaignId: string): string {
  return href("/campaign/:campaignId/winners", { campaignId });
}

/** The frozen entry list (draw.csv), served from its stored bytes. */
export function campaignDrawCsvPath(campaignId: string): string {
  return href("/campaign/:campaignId/draw.csv", { campaignId });
}

/** The frozen action completions (actions.csv, draw procedure version 3, decision 075), beside draw.csv. */
export function campaignActionsCsvPath(campaignId: string): string {
  return href("/campaign/:campaignId/actions.csv", { campaignId });
}

/** The machine-readable draw record (decision 042). */
export function campaignDrawJsonPath(campaignId: string): string {
  return href("/campaign/:campaignId/draw.json", { campaignId });
}

/**
 * The campaign's share card (Open Graph / Twitter image, 1200×630). `version` (the campaign's
 * updatedAt in ms) changes the URL whenever the campaign changes, so caches never show an old card.
 */
export function campaignCardPath(campaignId: string, version?: number): string {
  return withQuery(href("/campaign/:campaignId/card.png", { campaignId }), version ? { v: String(version) } : undefined);
}

/**
 * The campaign page's view beacon (decision 059): a 1×1 image whose fetch counts a page view,
 * answered by the server before the app (server/app.ts, servePublicPage), like /healthz.
 */
export function campaignViewPath(campaignId: string): string {
  return `${campaignPath(campaignId)}/view.gif`;
}

/** The printable poster with a QR code to the campaign: A4 or US Letter PDF. */
export function campaignPosterPdfPath(campaignId: string, paper: "a4" | "letter" = "a4"): string {
  return withQuery(href("/campaign/:campaignId/poster.pdf", { campaignId }), paper === "a4" ? undefined : { paper });
}

/** The poster as a PNG image (for social posts and screens). */
export function campaignPosterPngPath(campaignId: string): string {
  return href("/campaign/:campaignId/poster.png", { campaignId });
}

/** The compact entry card other sites may frame. */
export function campaignEmbedPath(campaignId: string): string {
  return href("/campaign/:campaignId/embed", { campaignId });
}

/** A winner's claim page; the token is the signed claim link's (see domain/claims.ts). */
export function claimPath(token: string): string {
  return href("/claim/:token", { token });
}

// An entrant's data (decision 054)

/** The form that emails an entrant the link to their data page. */
export function dataRequestPath(): string {
  return href("/privacy/my-data");
}

/** An entrant's data page; the token is the emailed link's (server/core/data-rights-link.server.ts). */
export function dataPagePath(token: string): string {
  return href("/privacy/my-data/:token", { token });
}

/** The data page's confirm step before erasing. */
export function dataErasePath(token: string): string {
  return href("/privacy/my-data/:token/erase", { token });
}

/** Everything the data page shows and more, as one JSON download. */
export function dataExportPath(token: string): string {
  return href("/privacy/my-data/:token/data.json", { token });
}

// Signing in, and the creator's list

/** The sign-in page, with its query (redirectTo, reason) when given. */
export function loginPath(query?: Query): string {
  return withQuery(href("/login"), query);
}

/** The sign-in code page, with its query when given (`verified=1`, `failed=1`: remix-auth-totp's markers). */
export function loginCodePath(query?: Query): string {
  return withQuery(href("/login/otp"), query);
}

/** The creator's campaigns; `tab` picks a tab ("all", …). */
export function myCampaignsPath(query?: { tab?: string }): string {
  return withQuery(href("/my-campaigns"), query?.tab ? { tab: query.tab } : undefined);
}

// The creator's pages for one campaign

/** The brand account's integrations: email tools and webhooks. */
export function integrationsPath(): string {
  return href("/dashboard/integrations");
}

/** The email tools page (decision 056); `change` opens the list picker of that connection. */
export function emailToolsPath(query?: { change?: string }): string {
  return withQuery(href("/dashboard/integrations/email-tools"), query?.change ? { change: query.change } : undefined);
}

export function analyticsPath(campaignId: string): string {
  return href("/dashboard/campaigns/:campaignId/analytics", { campaignId });
}

/** Upgrading a live campaign's plan for the difference in price (decision 049). */
export function upgradePath(campaignId: string): string {
  return href("/dashboard/campaigns/:campaignId/upgrade", { campaignId });
}

/** The campaign's Advanced Analytics Report, a PDF for those who bought it (decision 068). */
export function analyticsReportPath(campaignId: string): string {
  return href("/dashboard/campaigns/:campaignId/report.pdf", { campaignId });
}

/** Where a creator buys add-ons for a campaign (decision 068); `campaignId` picks the campaign. */
export function addOnsPath(query?: { campaignId?: string; session_id?: string }): string {
  const params: Record<string, string> = {};
  if (query?.campaignId) params.campaignId = query.campaignId;
  if (query?.session_id) params.session_id = query.session_id;
  return withQuery(href("/dashboard/addons"), params);
}

/** The creator's draw controls (the form posts here; analytics embeds them). */
export function creatorDrawPath(campaignId: string): string {
  return href("/dashboard/campaigns/:campaignId/draw", { campaignId });
}

export function entriesCsvPath(campaignId: string): string {
  return href("/dashboard/campaigns/:campaignId/entries.csv", { campaignId });
}

/** Action claims to review (decision 078); `page` and `handles` are its two lists' pages (1 = left out). */
export function claimsReviewPath(campaignId: string, query?: { page?: number; handles?: number }): string {
  const params: Record<string, string> = {};
  if (query?.page && query.page > 1) params.page = String(query.page);
  if (query?.handles && query.handles > 1) params.handles = String(query.handles);
  return withQuery(href("/dashboard/campaigns/:campaignId/claims", { campaignId }), params);
}

/** The creator's preview of the emails the campaign's entrants get (decision 081); `email` is a template id. */
export function emailPreviewPath(campaignId: string, email?: string): string {
  return withQuery(href("/dashboard/campaigns/:campaignId/emails", { campaignId }), email ? { email } : undefined);
}

/** The follow handles of a campaign as CSV (decision 078). */
export function handlesCsvPath(campaignId: string): string {
  return href("/dashboard/campaigns/:campaignId/handles.csv", { campaignId });
}

/** A question action's answers as CSV, for the campaign's owner (decision 079). */
export function actionAnswersCsvPath(campaignId: string, actionId: string): string {
  return href("/dashboard/campaigns/:campaignId/actions/:actionId/answers.csv", { campaignId, actionId });
}

/**
 * What every creator page of a campaign starts with (`/dashboard/campaigns/<id>/`): not a page
 * itself, but where the draw controls may send the creator back to.
 */
export function creatorCampaignPrefix(campaignId: string): string {
  const draw = creatorDrawPath(campaignId);
  return draw.slice(0, draw.lastIndexOf("/") + 1);
}

// The creator's account

/** The brand's signed outgoing webhooks: endpoints, secrets, delivery logs (decision 055). */
export function webhooksPath(): string {
  return href("/dashboard/integrations/webhooks");
}

// Creating and paying

/** The wizard, with its query (step, campaignId, duplicateId, mode, …) when given. */
export function wizardPath(query?: Query): string {
  return withQuery(href("/create-campaign-v2"), query);
}

/** The wizard's sign-in stop (returnTo, reason). */
export function wizardSignInPath(query?: Query): string {
  return withQuery(href("/create-campaign-v2/sign-in"), query);
}

export function campaignSuccessPath(campaignId: string, query?: Query): string {
  return withQuery(href("/campaign-success/:campaignId", { campaignId }), query);
}

/** The built-in test checkout (PAYMENT_PROVIDER=test). */
export function testCheckoutPath(sessionId: string): string {
  return href("/checkout/test/:sessionId", { sessionId });
}

// Admin

/** The order queue, filtered and paged (the defaults are left out). */
export function adminOrdersPath(query?: { status?: string; page?: number }): string {
  const params: Record<string, string> = {};
  if (query?.status) params.status = query.status;
  if (query?.page && query.page > 1) params.page = String(query.page);
  return withQuery(href("/admin/orders"), params);
}

/** The order queue as CSV, of one status when given. */
export function adminOrdersCsvPath(status?: string): string {
  return withQuery(href("/admin/orders.csv"), status ? { status } : undefined);
}

/** The email outbox, filtered, searched and paged (the defaults are left out). */
export function adminEmailsPath(query?: { status?: string | null; q?: string; page?: number }): string {
  const params: Record<string, string> = {};
  if (query?.status) params.status = query.status;
  if (query?.q) params.q = query.q;
  if (query?.page && query.page > 1) params.page = String(query.page);
  return withQuery(href("/admin/dashboard/emails"), params);
}

export function emailTemplatePath(templateId: string): string {
  return href("/admin/dashboard/settings/templates/:templateId", { templateId });
}

// Files

/** A stored upload, by its path under the uploads directory ("<kind>/<name>"). */
export function uploadPath(file: string): string {
  return href("/uploads/*", { "*": file });
}

/** What every stored upload's address starts with ("/uploads/"). */
export const UPLOADS_PATH_PREFIX = uploadPath("");

/** A mockup image, by its path under the mockups route ("<product>/<colour>/<width>/<design>.webp"). */
export function mockupPath(file: string): string {
  return href("/mockups/*", { "*": file });
}

/** A generated identicon; the seed carries its extension ("<hash>.svg"). */
export function avatarPath(seed: string): string {
  return href("/avatars/:seed", { seed });
}

/** The privacy policy (and, since decision 054, the form that emails an entrant the link to their data). */
export function privacyPath(): string {
  return href("/privacy");
}

// Files served as they are from public/ (no route); tests/unit/paths.test.ts checks each exists.

/** The site's icon. */
export const FAVICON_PATH = "/favicon.svg";

/** The single-file draw verifier, built by `npm run build:verifier` (decision 040). */
export const VERIFIER_SCRIPT_PATH = "/verifier/giveawear-verify-draw.mjs";

/** The homepage slider's pictures a new install starts with (and falls back to). */
export const SLIDER_IMAGE_PATHS = ["/images/slider-1.svg", "/images/slider-2.svg", "/images/slider-3.svg"] as const;
