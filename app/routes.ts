import { type RouteConfig, index, route } from "@react-router/dev/routes";

// The spec's URLs, written out. Pages that later issues build are served by the coming-soon page
// until then, so every navigation link leads somewhere real.
export default [
  index("routes/start.tsx", { id: "index" }),
  route("start", "routes/start.tsx", { id: "start" }),
  route("home", "routes/start.tsx", { id: "home" }),
  route("go", "routes/start.tsx", { id: "go" }),

  route("login", "routes/login.tsx"),
  route("login/otp", "routes/login.otp.tsx"),
  route("logout", "routes/logout.tsx"),
  route("auth/google", "routes/auth.google.tsx"),
  route("auth/google/callback", "routes/auth.google.callback.tsx"),
  route("theme", "routes/theme.tsx"),
  route("avatars/:seed", "routes/avatars.$seed.tsx"),

  route("my-campaigns", "routes/my-campaigns.tsx"),
  route("admin/dashboard", "routes/admin.dashboard.tsx"),
  route("admin-dashboard-old", "routes/admin.dashboard.tsx", { id: "admin-dashboard-old" }),

  // Coming soon (SPEC route list; DECISIONS 20).
  ...[
    "profile",
    "settings",
    "buy-credits",
    "dashboard/addons",
    "support-queue",
    "editor/moderate",
    "dashboard/campaigns/:campaignId/analytics",
  ].map((path) => route(path, "routes/coming-soon.user.tsx", { id: `soon:${path}` })),
  ...["admin/campaigns", "admin/users", "admin/orders", "admin/settings"].map((path) =>
    route(path, "routes/coming-soon.admin.tsx", { id: `soon:${path}` }),
  ),
  ...["pricing", "how-it-works", "giveaways", "about", "contact", "terms", "privacy", "campaign/:campaignId"].map((path) =>
    route(path, "routes/coming-soon.public.tsx", { id: `soon:${path}` }),
  ),

  route("create-campaign", "routes/create-campaign.tsx"),
  route("create-campaign-v2", "routes/create-campaign-v2.tsx"),
  route("create-campaign-v2/sign-in", "routes/create-campaign-v2.sign-in.tsx"),
  route("campaign-success/:campaignId", "routes/campaign-success.$campaignId.tsx"),
  route("uploads/*", "routes/uploads.$.tsx"),
  route("mockups/*", "routes/mockups.$.tsx"),
  route("checkout/test/:sessionId", "routes/checkout.test.$sessionId.tsx"),
  route("webhooks/stripe", "routes/webhooks.stripe.tsx"),

  route("dev/mailbox", "routes/dev.mailbox.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
