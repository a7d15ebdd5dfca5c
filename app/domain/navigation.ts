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

const CREATE: NavItem = { label: "Create Giveaway", to: "/create-campaign" };

/** SPEC "Top navigation bar", links per role. */
export function navigationFor(role: Role): Navigation {
  switch (role) {
    case "admin":
      return {
        links: [
          { label: "Admin Dashboard", to: "/admin/dashboard" },
          { label: "Campaigns", to: "/admin/campaigns", soon: true },
          { label: "Users", to: "/admin/dashboard/users" },
          { label: "Orders", to: "/admin/orders" },
          { label: "API Keys / Settings", to: "/admin/dashboard/settings" },
        ],
        account: [
          { label: "Profile", to: "/profile" },
          { label: "Full Admin Panel", to: "/admin/dashboard" },
        ],
        cta: null,
      };
    case "editor":
      return {
        links: [
          { label: "Dashboard", to: "/my-campaigns" },
          { label: "My Campaigns", to: "/my-campaigns?tab=all" },
          { label: "Support Queue", to: "/support-queue", soon: true },
        ],
        account: [
          { label: "Profile", to: "/profile" },
          { label: "Moderate Campaigns", to: "/editor/moderate", soon: true },
        ],
        cta: CREATE,
      };
    case "user":
      return {
        links: [
          { label: "Dashboard", to: "/my-campaigns" },
          { label: "My Campaigns", to: "/my-campaigns?tab=all" },
          { label: "How It Works", to: "/how-it-works" },
        ],
        account: [
          { label: "Profile", to: "/profile" },
          { label: "Settings", to: "/settings" },
        ],
        cta: CREATE,
      };
    default:
      // "Home" is listed for unknown roles but hidden when signed out, which is every public visitor.
      return {
        links: [
          { label: "How It Works", to: "/how-it-works" },
          { label: "Browse Giveaways", to: "/giveaways" },
        ],
        account: [],
        // SPEC's label; it leads somewhere new, the wizard, not back to /start (issue 14, decision 046).
        cta: { label: "Get Started", to: "/create-campaign-v2" },
      };
  }
}

export const FOOTER_COLUMNS: { title: string; links: NavItem[] }[] = [
  {
    title: "Navigate",
    links: [
      { label: "Home", to: "/" },
      { label: "How It Works", to: "/how-it-works" },
      { label: "Browse Giveaways", to: "/giveaways" },
      { label: "Launch Giveaway", to: "/create-campaign" },
      { label: "Login", to: "/login" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "About Us", to: "/about" },
      { label: "How It Works", to: "/how-it-works" },
      { label: "Contact Us", to: "/contact" },
    ],
  },
  {
    title: "Giveaways",
    links: [
      { label: "Create Campaign", to: "/create-campaign" },
      { label: "Browse Campaigns", to: "/giveaways" },
      { label: "Pricing", to: "/pricing" },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "Terms of Service", to: "/terms" },
      { label: "Privacy Policy", to: "/privacy" },
    ],
  },
];
