import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The spec's URLs, written out. Pages that later issues build are served by the coming-soon page
// until then, so every navigation link leads somewhere real.
export default [
  index("routes/start.tsx", { id: "index" }),
  route("start", "routes/start.tsx", { id: "start" }),
  route("home", "routes/home.tsx"),
  route("go", "routes/go.tsx"),
  route("pricing", "routes/pricing.tsx"),
  route("how-it-works", "routes/how-it-works.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  // Entrants' data rights (decision 054): the request form, and the pages behind the emailed link.
  route("privacy/my-data", "routes/privacy.my-data.tsx"),
  route("privacy/my-data/:token", "routes/privacy.my-data.$token.tsx"),
  route("privacy/my-data/:token/erase", "routes/privacy.my-data.$token.erase.tsx"),
  route("privacy/my-data/:token/data.json", "routes/privacy.my-data.$token.data.json.tsx"),
  route("giveaways", "routes/giveaways.tsx"),
  route("campaign/:campaignId", "routes/campaign.$campaignId.tsx"),
  route("campaign/:campaignId/confirm/:token", "routes/campaign.$campaignId.confirm.$token.tsx"),
  route("campaign/:campaignId/entry/:token", "routes/campaign.$campaignId.entry.$token.tsx"),
  route("campaign/:campaignId/actions/:actionId", "routes/campaign.$campaignId.actions.$actionId.tsx"),
  route("campaign/:campaignId/actions/:actionId/go", "routes/campaign.$campaignId.actions.$actionId.go.tsx"),
  route("campaign/:campaignId/rules", "routes/campaign.$campaignId.rules.tsx"),
  route("campaign/:campaignId/draw", "routes/campaign.$campaignId.draw.tsx"),
  route("campaign/:campaignId/winners", "routes/campaign.$campaignId.winners.tsx"),
  route("campaign/:campaignId/draw.csv", "routes/campaign.$campaignId.draw.csv.tsx"),
  route("campaign/:campaignId/actions.csv", "routes/campaign.$campaignId.actions.csv.tsx"),
  route("campaign/:campaignId/draw.json", "routes/campaign.$campaignId.draw.json.tsx"),
  route("campaign/:campaignId/card.png", "routes/campaign.$campaignId.card.png.tsx"),
  route("campaign/:campaignId/poster.pdf", "routes/campaign.$campaignId.poster.pdf.tsx"),
  route("campaign/:campaignId/poster.png", "routes/campaign.$campaignId.poster.png.tsx"),
  route("campaign/:campaignId/embed", "routes/campaign.$campaignId.embed.tsx"),
  route("claim/:token", "routes/claim.$token.tsx"),
  route("dashboard/campaigns/:campaignId/draw", "routes/dashboard.campaigns.$campaignId.draw.tsx"),
  route("webhooks/printify", "routes/webhooks.printify.tsx"),

  route("login", "routes/login.tsx"),
  route("login/otp", "routes/login.otp.tsx"),
  route("logout", "routes/logout.tsx"),
  route("auth/google", "routes/auth.google.tsx"),
  route("auth/google/callback", "routes/auth.google.callback.tsx"),
  route("theme", "routes/theme.tsx"),
  route("avatars/:seed", "routes/avatars.$seed.tsx"),

  route("my-campaigns", "routes/my-campaigns.tsx"),
  // Every admin URL, beneath one guard: its middleware lets only an admin reach any loader or
  // action below (decision 072). The control panel has one frame (heading, tabs) around its pages,
  // and the Settings tab's section nav around its sections.
  layout("routes/admin-guard.tsx", [
    layout("routes/admin-layout.tsx", [
      route("admin/dashboard", "routes/admin.dashboard.tsx"),
      route("admin/dashboard/users", "routes/admin.dashboard.users.tsx"),
      route("admin/orders", "routes/admin.orders.tsx"),
      layout("routes/admin-settings-layout.tsx", [
        route("admin/dashboard/settings", "routes/admin.dashboard.settings.tsx"),
        route("admin/dashboard/settings/templates", "routes/admin.dashboard.settings.templates.tsx"),
        route("admin/dashboard/settings/templates/:templateId", "routes/admin.dashboard.settings.templates.$templateId.tsx"),
        route("admin/dashboard/settings/slider", "routes/admin.dashboard.settings.slider.tsx"),
        route("admin/dashboard/settings/plans", "routes/admin.dashboard.settings.plans.tsx"),
        route("admin/dashboard/settings/coupons", "routes/admin.dashboard.settings.coupons.tsx"),
      ]),
      route("admin/dashboard/api-keys", "routes/admin.dashboard.api-keys.tsx"),
      route("admin/dashboard/emails", "routes/admin.dashboard.emails.tsx"),
      route("admin/dashboard/system", "routes/admin.dashboard.system.tsx"),
    ]),
    route("admin/orders.csv", "routes/admin.orders.csv.tsx"),
    route("admin-dashboard-old", "routes/admin-dashboard-old.tsx"),
    // Coming soon (SPEC route list; decision 020).
    ...["admin/campaigns", "admin/users", "admin/settings"].map((path) =>
      route(path, "routes/coming-soon.admin.tsx", { id: `soon:${path}` }),
    ),
  ]),
  route("dashboard/campaigns/:campaignId/analytics", "routes/dashboard.campaigns.$campaignId.analytics.tsx"),
  route("dashboard/campaigns/:campaignId/entries.csv", "routes/dashboard.campaigns.$campaignId.entries.csv.tsx"),
  // Action claims to review and the follow handles' export (decision 078).
  route("dashboard/campaigns/:campaignId/claims", "routes/dashboard.campaigns.$campaignId.claims.tsx"),
  route("dashboard/campaigns/:campaignId/handles.csv", "routes/dashboard.campaigns.$campaignId.handles.csv.tsx"),
  // A question action's answers (decision 079).
  route(
    "dashboard/campaigns/:campaignId/actions/:actionId/answers.csv",
    "routes/dashboard.campaigns.$campaignId.actions.$actionId.answers.csv.tsx",
  ),
  // The emails its entrants get, as the creator's preview (decision 081).
  route("dashboard/campaigns/:campaignId/emails", "routes/dashboard.campaigns.$campaignId.emails.tsx"),
  route("dashboard/campaigns/:campaignId/upgrade", "routes/dashboard.campaigns.$campaignId.upgrade.tsx"),
  // Add-ons (decision 068): buying them, and the Advanced Analytics Report's PDF.
  route("dashboard/addons", "routes/dashboard.addons.tsx"),
  route("dashboard/campaigns/:campaignId/report.pdf", "routes/dashboard.campaigns.$campaignId.report.pdf.tsx"),
  // Signed outgoing webhooks (decision 055).
  route("dashboard/integrations/webhooks", "routes/dashboard.integrations.webhooks.tsx"),
  // The brand account's integrations: email tools (decision 056) and webhooks (decision 055).
  route("dashboard/integrations", "routes/dashboard.integrations.tsx"),
  route("dashboard/integrations/email-tools", "routes/dashboard.integrations.email-tools.tsx"),

  // Coming soon (SPEC route list; decision 020).
  ...["profile", "settings", "buy-credits", "support-queue", "editor/moderate"].map((path) =>
    route(path, "routes/coming-soon.user.tsx", { id: `soon:${path}` }),
  ),

  route("create-campaign", "routes/create-campaign.tsx"),
  route("create-campaign-v2", "routes/create-campaign-v2.tsx"),
  route("create-campaign-v2/sign-in", "routes/create-campaign-v2.sign-in.tsx"),
  route("campaign-success/:campaignId", "routes/campaign-success.$campaignId.tsx"),
  route("uploads/*", "routes/uploads.$.tsx"),
  route("mockups/*", "routes/mockups.$.tsx"),
  route("checkout/test/:sessionId", "routes/checkout.test.$sessionId.tsx"),
  route("webhooks/stripe", "routes/webhooks.stripe.tsx"),
  // Twilio: SMS delivery status and STOP replies (decision 094).
  route("webhooks/twilio/status", "routes/webhooks.twilio.status.tsx"),
  route("webhooks/twilio/inbound", "routes/webhooks.twilio.inbound.tsx"),

  route("dev/mailbox", "routes/dev.mailbox.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
