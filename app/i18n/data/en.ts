/**
 * The entrant's data pages in English (decision 097): /privacy/my-data, the data page behind the
 * emailed link, and its erase step (decision 054). Spread into the entrant dictionaries, so the
 * completeness test holds every language to these keys. English is the pages' words as they were.
 */
import { DATA_MESSAGES } from "../../domain/data-rights";

export const dataEn = {
  dataPageTitle: "Your data · Giveawear",
  dataPrivacy: "Privacy",
  dataHeading: "Your data",
  dataInvalidHeading: "Link not valid",
  dataInvalidLink: DATA_MESSAGES.invalidLink,
  dataExpiredHeading: "This link has expired",
  dataExpiredLink: DATA_MESSAGES.expiredLink,
  dataExpiredNewOne: "We can email a new one to the same address: nothing is shown here until you open it.",
  dataNewLinkSent: DATA_MESSAGES.newLinkSent,
  dataEmailNewLink: "Email me a new link",
  dataRateLimited: DATA_MESSAGES.rateLimited,
  dataWithdrawn: DATA_MESSAGES.withdrawn,
  dataNothingToWithdraw: DATA_MESSAGES.nothingToWithdraw,
  dataErased: DATA_MESSAGES.erased,
  dataNoEntries: "We hold no giveaway entries for this address.",
  dataReadPolicy: "Read the Privacy Policy",
  dataEntryCount_one: "{{count, number}} giveaway entry",
  dataEntryCount_other: "{{count, number}} giveaway entries",
  dataEmailCount_one: "{{count, number}} email we sent you",
  dataEmailCount_other: "{{count, number}} emails we sent you",
  dataHolds: "What Giveawear holds for {{address}}: {{entries}}. This link works until {{until}}.",
  dataHoldsEmails: "What Giveawear holds for {{address}}: {{entries}}, and {{emails}}. This link works until {{until}}.",
  dataDownload: "Download all my data (JSON)",
  dataWithdrawAll: "Withdraw all marketing consent",
  dataEraseLink: "Erase my data…",
  dataYourEntries: "Your entries",
  dataRetention:
    "Entrants who gave marketing consent stay on that brand's list until they withdraw it or erase their data. Otherwise we erase an entrant's data a fixed time after the giveaway's prizes are delivered; the Privacy Policy says how long.",

  // One entry's card
  dataByBrand: "by {{brand}}",
  dataPhone: "Phone",
  dataEntered: "Entered",
  dataConfirmedAt: "Confirmed",
  dataStatus: "Status",
  dataEntriesInDraw: "Entries in the draw",
  dataEntryActions: "Entry actions",
  dataEntryId: "Entry id",
  dataPrize: "Prize",
  dataTerms: "Terms",
  dataMarketing: "Marketing",
  dataStatusPending: "Waiting for you to confirm it from the email we sent",
  dataStatusNeverConfirmed: "Never confirmed, so it was not in the draw",
  dataStatusConfirmed: "Confirmed",
  dataStatusInDraw: "Confirmed: it is in the draw",
  dataStatusWasInDraw: "Confirmed: it was in the draw",
  dataStatusDisqualified: "Disqualified by the brand's review",
  dataBonusReferrals_one: "{{count, number}} bonus entry from friends you referred",
  dataBonusReferrals_other: "{{count, number}} bonus entries from friends you referred",
  dataBonusActions: "{{count, number}} from entry actions",
  dataActionRejected: "rejected by the brand, not counted",
  dataYouGave: "you gave “{{answer}}”",
  dataYouWon: "You won: {{prize}}.",
  dataClaimOpen: "Not claimed yet: claim it by {{deadline}} with the link in your winner email.",
  dataClaimLapsed: "Not claimed before its deadline ({{deadline}}).",
  dataClaimed: "Claimed; order status: {{status}}.",
  dataOrderNone: "Not Yet Initiated",
  dataOrderPending: "Pending",
  dataOrderSubmitted: "Submitted",
  dataOrderFulfilled: "Fulfilled",
  dataOrderShipped: "Shipped",
  dataOrderDelivered: "Delivered",
  dataOrderCancelled: "Cancelled",
  dataNotRecorded: "The exact words were not recorded (you entered before consent records were kept).",
  dataVersion: "(version {{version}})",
  dataAgreed: "Agreed {{time}}.",
  dataGiven: "Given {{time}}.",
  dataWithdrawnAt: "Withdrawn {{time}}.",
  dataGivenNotRecorded: "Given {{time}}; the exact words were not recorded.",
  dataNotGiven: "Not given: {{brand}} may not send you news and offers.",
  dataWithdrawFor: "Withdraw marketing consent for {{brand}}",

  // The erase step
  eraseTitle: "Erase your data · Giveawear",
  eraseNothingHeading: "Nothing to erase",
  eraseBack: "Back to your data",
  eraseAskNewLink: "Ask for a new link",
  eraseHeading: "Erase your data?",
  eraseFor: "For {{address}}: {{entries}}.",
  eraseUnderstand: "I understand: erase my data now. This cannot be undone.",
  eraseConfirmRequired: DATA_MESSAGES.confirmRequired,
  eraseSubmit: "Erase my data",
  eraseKeep: "Keep my data",
  eraseRemoves: "Erasing removes, for every giveaway you entered with this address:",
  eraseRemovesContact: "your email address, phone number, IP address and browser id from each entry;",
  eraseRemovesConsents: "your marketing consents: the brands' email tools connected to Giveawear are told to unsubscribe you;",
  eraseRemovesOneEmail: "the email we sent you, any sign-in codes, and our stored copies of messages you sent through our contact form;",
  eraseRemovesEmails:
    "the {{count, number}} emails we sent you, any sign-in codes, and our stored copies of messages you sent through our contact form;",
  eraseRemovesDelivery: "the delivery details of prizes that have shipped or been delivered.",
  eraseMeans: "What it means:",
  eraseMeansAnonymous:
    "Each entry stays in its giveaway's draw only as an anonymous id, because published entry lists cannot change (that is what lets anyone check a draw). We can no longer contact you, so if such an entry is drawn, the prize cannot be claimed and the brand may draw another winner.",
  eraseMeansLinks: "Your data links and prize claim links stop working. Erasing cannot be undone.",
  eraseMeansCopies:
    "Copies a brand already took (its entries export, its own systems) are the brand's: ask the brand, named in each giveaway's official rules.",
  eraseMeansAccount:
    "You also have a Giveawear account with this address: it is not deleted here, and the giveaways you run stay. To close it, {{contact}}.",
  eraseContactUs: "contact us",
  erasePrizes: "Your prizes",
  erasePrizeUnclaimed:
    "You won {{prize}} in {{campaign}} and have not claimed it yet. Erasing gives it up: your claim link stops working and the brand may draw another winner at once.",
  erasePrizeInProgress:
    "Your {{prize}} from {{campaign}} is being prepared. So that it still reaches you, we keep only the name, address, phone and email on its order until it ships (or is cancelled), then erase them and the shipping email. Your claim link, with its tracking page, stops working now.",
  erasePrizeShipped:
    "Your {{prize}} from {{campaign}} has shipped. Erasing deletes its delivery address and tracking number, so neither you nor the brand can follow the parcel any more.",

  // Asking for the link
  requestDescription:
    "See the data Giveawear holds about your giveaway entries, download it, stop marketing emails or erase it, by a link we email you.",
  requestIntro: "No account is needed: your email address is the key. We send the link to that address only, so only its owner can open it.",
  requestPolicy: "Read the {{policy}} for what we collect, why, and for how long.",
  requestPolicyLink: "Privacy Policy",
  requestHeading: "See, download or erase your data",
  requestExplain:
    "Entered a giveaway? Enter the email address you used and we'll email it a link to your data: every entry, the consents you gave (with the exact words you saw), any prize. There you can download it all, stop marketing emails, or erase it. The link works for {{days}} days. Every email we send you about a giveaway carries the same link.",
  requestSubmit: "Email me a link",
  requestSent: DATA_MESSAGES.requestSent,
} as const;

type DataKey = keyof typeof dataEn;
type DataPluralBase = DataKey extends infer K ? (K extends `${infer Base}_other` ? Base : never) : never;
/** Another language's data-page words: every English key, and "many" where its plurals have one. */
export type DataResources = { [K in DataKey]: string } & { [K in `${DataPluralBase}_many`]?: string };
