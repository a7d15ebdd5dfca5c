/**
 * The words of the winners list, of the rules' frame and of the site's header and footer in an
 * entrant's language (decision 097), and the date forms they and the "Entries are closed" email
 * share. English goes through the code's own words (the spec's texts), so nothing English changes.
 */
import { campaignTimeZone, formatUtcStamp, formatZonedDate, formatZonedDateTimeWithUtc, timeZoneLabel } from "../domain/campaign-time-zone";
import type { EntrantLanguage } from "../domain/entrant-language";
import { countryName } from "../domain/ship-countries";
import { type ShownWinner, shownWinnerText, tierPrizeLabel, winnerRegion, winnersPendingText } from "../domain/winners-list";
import type { SiteWords } from "../components/layout/site-words";
import { type EntrantText, ENTRANT_RESOURCES, entrantText } from "./entrant";
import { pagesEn } from "./pages/en";

/** "5 de diciembre de 2026, 23:59 hora de Europa central (2026-12-05 22:59 UTC)": the zone's time and the UTC instant (decision 096). */
export function dateTimeWithUtc(text: EntrantText, instant: Date, zone: string): string {
  if (text.language === "en") return formatZonedDateTimeWithUtc(instant, zone);
  const z = campaignTimeZone(zone);
  const local = text.dateTime(instant, z);
  return timeZoneLabel(z) === "UTC" ? local : `${local} (${formatUtcStamp(instant)})`;
}

/** The winners list's words that the server writes into its view, in `language`. */
export function winnersListWords(language: EntrantLanguage) {
  const text = entrantText(language);
  const { t } = text;
  const en = language === "en";
  const regions = en ? null : new Intl.DisplayNames([text.locale], { type: "region", fallback: "none" });
  return {
    pending(input: { endDate: Date | null; beaconRoundTime: Date | null; ended: boolean; timeZone: string }): string {
      if (en) return winnersPendingText(input);
      if (!input.endDate) return t("winnersPendingNoEnd");
      const end = text.dateTime(input.endDate, input.timeZone);
      const when = input.beaconRoundTime
        ? t("winnersWhenBeacon", { time: dateTimeWithUtc(text, input.beaconRoundTime, input.timeZone) })
        : t("winnersWhenSoon");
      return t(input.ended ? "winnersPendingEnded" : "winnersPendingEnds", { end, when });
    },
    prize(rank: number, title: string): string {
      if (en) return tierPrizeLabel(rank, title);
      const label = rank >= 1 && rank <= 3 ? t(`prizeRank${rank}` as "prizeRank1") : tierPrizeLabel(rank, "");
      return rank === 1 || !title ? label : t("prizeWithTitle", { rank: label, title });
    },
    winner(shown: ShownWinner): string {
      if (en || shown.kind === "named") return shownWinnerText(shown);
      return shown.kind === "objected" ? t("winnersObjected") : shown.kind === "hidden" ? t("winnersHidden") : t("winner");
    },
    region(address: { shipRegion: string | null; shipCountry: string | null } | null): string | null {
      if (!regions || !address?.shipCountry) return winnerRegion(address);
      const region = address.shipRegion?.replace(/\s+/g, " ").trim();
      const country = regions.of(address.shipCountry) ?? countryName(address.shipCountry);
      return region ? `${region}, ${country}` : country;
    },
    noWinner: t("winnersNoWinner"),
    redrawn(instant: Date, zone: string): string {
      const date = formatZonedDate(instant, zone, en ? undefined : text.locale);
      return t("winnersRedrawn", { date });
    },
  };
}

/**
 * The site's header and footer labels in `language`, by their English text (the labels come from
 * navigation.ts as English); null for English. A page's loader sends them, so the root's code holds
 * no dictionary and a page in English sends nothing.
 */
export function siteWords(language: EntrantLanguage): SiteWords | null {
  if (language === "en") return null;
  const words = ENTRANT_RESOURCES[language];
  return Object.fromEntries(
    Object.entries(pagesEn)
      .filter(([key]) => key.startsWith("site"))
      .map(([key, english]) => [english, words[key] ?? english]),
  );
}
