import { adminOrdersPath, href, loginPath, myCampaignsPath, privacyPath, wizardPath } from "../paths";
import type { Role } from "./roles";

export interface NavItem {
  label: string;
  to: string;
  /** Coming-soon items are shown disabled with "(Soon)". */
  soon?: boolean;
}

export interface Navigation {
  links: NavItem[];
  account: NavItem[];
  cta: NavItem | null;
}

const CREATE: NavItem = { label: "Create Giveaway", to: href("/create-campaign") };

/** SPEC "Top navigation bar", links per role. */
export function navigationFor(role: Role): Navigation {
  switch (role) {
    case "admin":
      return {
        links: [
          { label: "Admin Dashboard", to: href("/admin/dashboard") },
          { label: "Campaigns", to: href("/admin/campaigns"), soon: true },
          { label: "Users", to: href("/admin/dashboard/users") },
          { label: "Orders", to: adminOrdersPath() },
          { label: "API Keys / Settings", to: href("/admin/dashboard/settings") },
        ],
        account: [
          { label: "Profile", to: href("/profile") },
          { label: "Full Admin Panel", to: href("/admin/dashboard") },
        ],
        cta: null,
      };
    case "editor":
      return {
        links: [
          { label: "Dashboard", to: myCampaignsPath() },
          { label: "My Campaigns", to: myCampaignsPath({ tab: "all" }) },
          { label: "Support Queue", to: href("/support-queue"), soon: true },
        ],
        account: [
          { label: "Profile", to: href("/profile") },
          { label: "Moderate Campaigns", to: href("/editor/moderate"), soon: true },
        ],
        cta: CREATE,
      };
    case "user":
      return {
        links: [
          { label: "Dashboard", to: myCampaignsPath() },
          { label: "My Campaigns", to: myCampaignsPath({ tab: "all" }) },
          { label: "How It Works", to: href("/how-it-works") },
        ],
        account: [
          { label: "Profile", to: href("/profile") },
          { label: "Settings", to: href("/settings") },
        ],
        cta: CREATE,
      };
    default:
      // "Home" is listed for unknown roles but hidden when signed out, which is every public visitor.
      return {
        links: [
          { label: "How It Works", to: href("/how-it-works") },
          { label: "Browse Giveaways", to: href("/giveaways") },
        ],
        account: [],
        // SPEC's label; it leads somewhere new, the wizard, not back to /start (decision 046).
        cta: { label: "Get Started", to: wizardPath() },
      };
  }
}

export const FOOTER_COLUMNS: { title: string; links: NavItem[] }[] = [
  {
    title: "Navigate",
    links: [
      { label: "Home", to: href("/") },
      { label: "How It Works", to: href("/how-it-works") },
      { label: "Browse Giveaways", to: href("/giveaways") },
      { label: "Launch Giveaway", to: href("/create-campaign") },
      { label: "Login", to: loginPath() },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "About Us", to: href("/about") },
      { label: "How It Works", to: href("/how-it-works") },
      { label: "Contact Us", to: href("/contact") },
    ],
  },
  {
    title: "Giveaways",
    links: [
      { label: "Create Campaign", to: href("/create-campaign") },
      { label: "Browse Campaigns", to: href("/giveaways") },
      { label: "Pricing", to: href("/pricing") },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "Terms of Service", to: href("/terms") },
      { label: "Privacy Policy", to: privacyPath() },
    ],
  },
];
