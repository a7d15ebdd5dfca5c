/**
 * The winners list, the official rules' frame and the site's header and footer in English
 * (decision 097). Spread into the entrant dictionaries, so the completeness test holds every
 * language to these keys. English is the pages' words as they were.
 */
import { FOOTER_COLUMNS, navigationFor } from "../../domain/navigation";
import { WINNERS_LIST_TEXT } from "../../domain/winners-list";

export const pagesEn = {
  // The winners list (decision 057)
  winnersTitle: "Winners: {{title}}",
  winnersHowDrawn: "How the winners were drawn",
  winnersBy: "A giveaway by {{brand}}",
  winnersIntro:
    "Each prize's winner, as drawn by the published procedure. Winners choose how they are shown here, and may object to being listed.",
  winnersDrawnOn: "Drawn on {{date}}.",
  winnersAreYou:
    "Are you a winner? Choose your display name, or ask not to be listed, from the claim link in your winner email. This list stays available after the giveaway ends.",
  winnersPendingNoEnd: "The winners will be listed here after the draw, which takes place when the giveaway ends.",
  winnersPendingEnded: "The giveaway ended on {{end}}. The winners are drawn {{when}} and listed here as soon as they are drawn.",
  winnersPendingEnds: "The giveaway ends on {{end}}. The winners are drawn {{when}} and listed here as soon as they are drawn.",
  winnersWhenBeacon: "once the public beacon round is out ({{time}})",
  winnersWhenSoon: "a few minutes after it ends",
  winnersObjected: WINNERS_LIST_TEXT.objected,
  winnersHidden: WINNERS_LIST_TEXT.hidden,
  winnersNoWinner: WINNERS_LIST_TEXT.noWinner,
  winnersRedrawn: "Drawn again on {{date}}: the first winner did not claim the prize by the deadline.",
  prizeRank1: "Grand prize",
  prizeRank2: "2nd prize",
  prizeRank3: "3rd prize",
  prizeWithTitle: "{{rank}}: {{title}}",
  // The official rules' frame; their body stays in English (decision 097)
  rulesTitle: "Official Rules: {{title}}",
  rulesInEnglish: "The official rules below are in English, the language the organiser wrote them in.",
  // The site's header and footer (SPEC "Top navigation bar"): each English value is the label it replaces
  siteSkip: "Skip to content",
  siteMenu: "Menu",
  siteAccountMenu: "Account menu",
  siteMainNav: "Main",
  siteMobileNav: "Mobile",
  siteLogin: "Login",
  siteLogOut: "Log Out",
  siteSoon: "(Soon)",
  siteThemeDark: "Switch to dark theme",
  siteThemeLight: "Switch to light theme",
  siteTagline: "Smart giveaways for modern brands. Design a shirt, launch a giveaway, grow your audience, and we ship the prize.",
  siteCopyright: "© {{year}} Giveawear. All rights reserved.",
  siteHowItWorks: "How It Works",
  siteBrowseGiveaways: "Browse Giveaways",
  siteGetStarted: "Get Started",
  siteDashboard: "Dashboard",
  siteMyCampaigns: "My Campaigns",
  siteProfile: "Profile",
  siteSettings: "Settings",
  siteCreateGiveaway: "Create Giveaway",
  siteAdminDashboard: "Admin Dashboard",
  siteCampaigns: "Campaigns",
  siteUsers: "Users",
  siteOrders: "Orders",
  siteApiKeys: "API Keys / Settings",
  siteFullAdminPanel: "Full Admin Panel",
  siteSupportQueue: "Support Queue",
  siteModerateCampaigns: "Moderate Campaigns",
  siteNavigate: "Navigate",
  siteHome: "Home",
  siteLaunchGiveaway: "Launch Giveaway",
  siteCompany: "Company",
  siteAboutUs: "About Us",
  siteContactUs: "Contact Us",
  siteGiveaways: "Giveaways",
  siteCreateCampaign: "Create Campaign",
  siteBrowseCampaigns: "Browse Campaigns",
  sitePricing: "Pricing",
  siteLegal: "Legal",
  siteTermsOfService: "Terms of Service",
  sitePrivacyPolicy: "Privacy Policy",
} as const;

/** Every label the site's frame shows, so a test can check the dictionary names each one. */
export const SITE_LABELS: readonly string[] = [
  ...["public", "user", "editor", "admin"].flatMap((role) => {
    const nav = navigationFor(role as Parameters<typeof navigationFor>[0]);
    return [...nav.links, ...nav.account, ...(nav.cta ? [nav.cta] : [])].map((item) => item.label);
  }),
  ...FOOTER_COLUMNS.flatMap((column) => [column.title, ...column.links.map((link) => link.label)]),
];

type PagesKey = keyof typeof pagesEn;
/** Another language's words for these pages: every English key. */
export type PagesResources = { [K in PagesKey]: string };
