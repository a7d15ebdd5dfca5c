import type { CSSProperties, ReactNode } from "react";
import { Link, useRouteLoaderData } from "react-router";
import type { AccentTheme } from "~/domain/brand-colors";
import type { BrandFrameData, SocialLink } from "~/domain/campaign-page";
import { responsiveImage } from "~/domain/images";
import { campaignRulesPath, href, privacyPath } from "~/paths";
import type { Say } from "../layout/site-words";
import { ThemeToggle } from "../layout/theme-toggle";
import { useEntrantText } from "./entrant-text";

/**
 * The campaign page's own frame (decision 043; root.tsx leaves out the site's header and
 * footer for `handle.chrome === "own"`): the brand's cover, logo, name and profiles at the top, and at
 * the bottom the legal links with, unless custom branding hides it, "Powered by Giveawear". Every page an
 * entrant reaches from the campaign wears it too, through `CampaignFrame` (decision 080).
 */

/** The accent as CSS custom properties on the page's wrapper: Tailwind's brand-* utilities read them. */
export function accentStyle(accent: AccentTheme | null): CSSProperties | undefined {
  if (!accent) return undefined;
  return {
    "--color-brand-600": accent.accent,
    "--color-brand-700": accent.accent,
    "--color-brand-800": accent.accentHover,
    "--color-brand-300": accent.accentOnDark,
  } as CSSProperties;
}

const ICONS: Record<SocialLink["network"], ReactNode> = {
  instagram: (
    <>
      <path d="M3 7a4 4 0 0 1 4 -4h10a4 4 0 0 1 4 4v10a4 4 0 0 1 -4 4h-10a4 4 0 0 1 -4 -4l0 -10" />
      <path d="M8.5 12a3.5 3.5 0 1 0 7 0a3.5 3.5 0 0 0 -7 0" />
      <path d="M17 7v.01" />
    </>
  ),
  x: (
    <>
      <path d="M4 4l11.733 16h4.267l-11.733 -16l-4.267 0" />
      <path d="M4 20l6.768 -6.768m2.46 -2.46l6.772 -6.772" />
    </>
  ),
  tiktok: (
    <path d="M21 7.917v4.034a9.948 9.948 0 0 1 -5 -1.951v4.5a6.5 6.5 0 1 1 -8 -6.326v4.326a2.5 2.5 0 1 0 4 2v-11.5h4.083a6.005 6.005 0 0 0 4.917 4.917" />
  ),
};

/** Icons: Tabler Icons (MIT), brand-instagram, brand-x, brand-tiktok. */
function SocialIcon({ network }: { network: SocialLink["network"] }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {ICONS[network]}
    </svg>
  );
}

export function BrandHeader({
  brandName,
  brandUrl,
  logoUrl,
  coverImageUrl,
  socialLinks,
  theme,
  path,
  compact = false,
}: {
  brandName: string;
  brandUrl: string;
  logoUrl: string | null;
  coverImageUrl: string | null;
  socialLinks: SocialLink[];
  theme: "light" | "dark";
  path: string;
  /** A page behind the campaign's: the cover stays a strip (at most 128 px) so the page's own content leads. */
  compact?: boolean;
}) {
  const { t } = useEntrantText();
  const brandHref = brandUrl && /^https?:\/\//.test(brandUrl) ? brandUrl : null;
  const name = <span className="text-lg leading-tight font-bold [overflow-wrap:anywhere] sm:text-xl">{brandName}</span>;
  return (
    <header className="relative">
      {coverImageUrl ? (
        <img
          {...responsiveImage(coverImageUrl, [400, 800, 1200])}
          sizes="100vw"
          width={1200}
          height={300}
          alt=""
          decoding="async"
          className={`h-16 w-full bg-slate-100 object-cover sm:h-32 dark:bg-slate-900 ${compact ? "" : "lg:h-56"}`}
          data-testid="cover-image"
        />
      ) : null}
      <div className="absolute top-2 right-2 rounded-full bg-white/90 text-slate-900 shadow-sm dark:bg-slate-900/90 dark:text-slate-100 [&_button]:rounded-full">
        <ThemeToggle theme={theme} path={path} say={useThemeWords()} />
      </div>
      {/* Over a cover, the logo overlaps its lower edge and the name starts just below it. */}
      <div
        className={`mx-auto flex max-w-6xl items-start gap-3 px-4 sm:px-6 ${coverImageUrl && logoUrl ? "-mt-6 lg:-mt-10" : coverImageUrl ? "pt-2" : "pt-3 pr-14"}`}
      >
        {logoUrl ? (
          <img
            {...responsiveImage(logoUrl, [96, 192])}
            sizes="(min-width: 1024px) 72px, 56px"
            width={72}
            height={72}
            alt={`${brandName} logo`}
            decoding="async"
            className="size-14 shrink-0 rounded-xl bg-white object-contain shadow-sm ring-2 ring-white lg:size-18 dark:ring-slate-950"
          />
        ) : null}
        <div className={`min-w-0 ${coverImageUrl && logoUrl ? "pt-7 lg:pt-11" : logoUrl ? "pt-1" : ""}`}>
          {brandHref ? (
            <a href={brandHref} rel="noopener noreferrer nofollow ugc" className="hover:underline">
              {name}
            </a>
          ) : (
            name
          )}
          {socialLinks.length ? (
            <ul className="-ml-1.5 flex flex-wrap items-center" aria-label={t("brandSocial", { brand: brandName })}>
              {socialLinks.map((link) => (
                <li key={link.network}>
                  <a
                    href={link.href}
                    rel="noopener noreferrer nofollow ugc"
                    aria-label={t("brandSocialLink", { brand: brandName, network: link.label, handle: link.handle })}
                    title={`@${link.handle} on ${link.label}`}
                    className="inline-flex size-8 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-brand-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-brand-300"
                    data-social={link.network}
                  >
                    <SocialIcon network={link.network} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </header>
  );
}

/** The legal links always; "Powered by Giveawear" unless the brand's plan lets it go and they chose so. */
export function BrandFooter({ campaignId, poweredBy }: { campaignId: string | null; poweredBy: boolean }) {
  const { t, language } = useEntrantText();
  const link = "underline hover:text-slate-900 dark:hover:text-white";
  return (
    <footer className="mt-12 border-t border-slate-200 px-4 py-6 text-center text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">
      {poweredBy ? (
        <p data-testid="powered-by">
          {t("poweredBy")}{" "}
          <Link to={href("/")} className="font-semibold underline hover:text-slate-900 dark:hover:text-white">
            Giveawear
          </Link>
        </p>
      ) : null}
      <nav aria-label={t("legal")} className="mt-2">
        <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1">
          {campaignId ? (
            <li>
              <Link to={campaignRulesPath(campaignId)} className={link}>
                {/* The rules stay in the creator's legal language, English for now (decision 097). */}
                {language === "en" ? t("officialRules") : t("officialRulesEnglish")}
              </Link>
            </li>
          ) : null}
          <li>
            <Link to={href("/terms")} className={link}>
              {t("terms")}
            </Link>
          </li>
          <li>
            <Link to={privacyPath()} className={link}>
              {t("privacy")}
            </Link>
          </li>
        </ul>
      </nav>
    </footer>
  );
}

/** The theme button's label in the entrant's language (decision 097: the site frame's `siteTheme*` words). */
function useThemeWords(): Say {
  const { t } = useEntrantText();
  return (english) =>
    english === "Switch to dark theme" ? t("siteThemeDark") : english === "Switch to light theme" ? t("siteThemeLight") : english;
}

/** The site's theme and the page's path, from the root loader: the theme toggle posts them. */
export function useRootTheme(): { theme: "light" | "dark"; path: string } {
  const root = useRouteLoaderData("root") as { theme?: "light" | "dark"; path?: string } | undefined;
  return { theme: root?.theme ?? "light", path: root?.path ?? "/" };
}

/**
 * A page an entrant reaches from a campaign (decision 080; its route's handle says `chrome: "own"`):
 * the campaign's brand header, its accent on everything inside, its footer. With no frame to show (an
 * unknown link, a campaign the visitor may not see), the plain frame.
 */
export function CampaignFrame({ frame, children }: { frame: BrandFrameData | null; children: ReactNode }) {
  const { theme, path } = useRootTheme();
  if (!frame)
    return (
      <PlainFrame theme={theme} path={path}>
        {children}
      </PlainFrame>
    );
  return (
    <div style={accentStyle(frame.accent)} className="flex min-h-screen flex-col" data-testid="brand-frame">
      <BrandHeader
        brandName={frame.brandName}
        brandUrl={frame.brandUrl}
        logoUrl={frame.logoUrl}
        coverImageUrl={frame.coverImageUrl}
        socialLinks={frame.socialLinks}
        theme={theme}
        path={path}
        compact
      />
      <div className="flex-1">{children}</div>
      <BrandFooter campaignId={frame.campaignId} poweredBy={frame.poweredBy} />
    </div>
  );
}

/** The frame of a page with no brand to show (campaign not found): Giveawear's name, home, the legal links. */
export function PlainFrame({ theme, path, children }: { theme: "light" | "dark"; path: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-2 sm:px-6">
        <Link to={href("/")} className="text-lg font-extrabold tracking-tight text-brand-700 dark:text-brand-300">
          Giveawear
        </Link>
        <ThemeToggle theme={theme} path={path} />
      </header>
      <div className="flex-1">{children}</div>
      <BrandFooter campaignId={null} poweredBy={false} />
    </div>
  );
}
