/**
 * The entrants' languages (decision 097): every language has exactly English's keys, with the same
 * placeholders and its own plural forms; Accept-Language picks among a campaign's languages; the
 * consent wordings and the confirmation emails exist in each.
 */
import { describe, expect, it } from "vitest";
import { CONSENT_WORDINGS, consentSegments, entryConsentLabels } from "~/domain/consent";
import {
  ENTRANT_LANGUAGES,
  LANGUAGE_LOCALES,
  acceptedLanguages,
  campaignLanguageFor,
  chooseLanguage,
  parseOtherLanguages,
} from "~/domain/entrant-language";
import { EMAIL_TEMPLATE_DEFAULTS } from "~/domain/email-template-defaults";
import { CONFIRM_MESSAGES, ENTRY_MESSAGES, SMS_CONSENT_LINE, referralOffer } from "~/domain/entries";
import { ENTRANT_RESOURCES, entrantText, translateMessage, translatedErrors } from "~/i18n/entrant";
import { TRANSLATED_ENTRANT_TEMPLATES, translatedEntrantTemplate } from "~/i18n/entrant-emails";
import { claimText } from "~/i18n/claim-text";
import { CLAIM_WORDS } from "~/server/claims/claim-page.server";
import {
  CLAIM_MESSAGES,
  countryNotShippedMessage,
  postalInvalidMessage,
  postalRequiredMessage,
  regionRequiredMessage,
  sizeNotInStyleMessage,
} from "~/domain/claims";
import { addressRule, shipCountriesOf } from "~/domain/ship-countries";
import { WINNER_LISTING_MESSAGES } from "~/domain/winners-list";
import { ENTRANT_ACTION_MESSAGES, bonusLabel, completedSentence, entriesSentence, howCounted } from "~/domain/entrant-actions";
import { ACTION_MESSAGES } from "~/domain/entry-actions";
import { campaignShareLinks, shareText } from "~/domain/campaign-page";

const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, "");
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]).sort();

describe("every language has every key", () => {
  const english = ENTRANT_RESOURCES.en;
  const simple = Object.keys(english).filter((key) => !PLURAL.test(key));
  const plurals = [
    ...new Set(
      Object.keys(english)
        .filter((key) => PLURAL.test(key))
        .map(base),
    ),
  ];

  for (const language of ENTRANT_LANGUAGES) {
    it(`${language}: English's keys, no more, each plural in every form its locale has`, () => {
      const words = ENTRANT_RESOURCES[language];
      const categories = new Intl.PluralRules(LANGUAGE_LOCALES[language]).resolvedOptions().pluralCategories;
      const expected = [...simple, ...plurals.flatMap((key) => categories.map((category) => `${key}_${category}`))].sort();
      expect(Object.keys(words).sort()).toEqual(expected);
      for (const [key, value] of Object.entries(words)) {
        expect(value.trim(), `${language}.${key}`).not.toBe("");
        const englishValue = english[(PLURAL.test(key) ? `${base(key)}_other` : key) as keyof typeof english];
        expect(placeholders(value), `${language}.${key}`).toEqual(placeholders(englishValue ?? ""));
      }
    });
  }

  it("English is the spec's words, verbatim", () => {
    const { t } = entrantText("en");
    expect(t("termsRequired")).toBe(ENTRY_MESSAGES.termsRequired);
    expect(t("alreadyEntered")).toBe("Already Entered!");
    expect(t("checkEmail")).toBe(CONFIRM_MESSAGES.checkEmail);
    expect(t("smsConsent")).toBe(SMS_CONSENT_LINE);
    expect(t("entries", { count: 1 })).toBe("1 entry");
    expect(t("entries", { count: 1204 })).toBe("1,204 entries");
    expect(t("referralOfferEntered", { bonus: 3 })).toBe(referralOffer(true, "entered"));
  });

  it("counts and numbers the locale's way", () => {
    expect(entrantText("es").t("entries", { count: 1 })).toBe("1 participación");
    expect(entrantText("de").t("entriesSoFar", { count: 12045 })).toBe("bisher 12.045 Teilnahmen");
    expect(entrantText("fr").t("entries", { count: 2 })).toBe("2\u00a0participations");
    expect(entrantText("pt").t("entriesInTotal", { count: 1000000 })).toBe("1.000.000 participações no total");
  });

  it("writes dates in the locale's words, on the campaign's clocks", () => {
    const end = new Date("2026-12-05T22:59:00Z");
    expect(entrantText("es").dateTime(end, "Europe/Madrid")).toBe("sábado, 5 de diciembre de 2026, 23:59 hora de Europa central");
    expect(entrantText("de").dateTime(end, "UTC")).toBe("Samstag, 5. Dezember 2026 um 22:59 UTC");
    expect(entrantText("en").dateTime(end, "UTC")).toBe("Saturday 5 December 2026, 22:59 UTC");
  });

  it("says our English messages in the entrant's language, and leaves unknown ones as they are", () => {
    const es = entrantText("es");
    expect(translateMessage(ENTRY_MESSAGES.termsRequired, es)).toBe("Debes aceptar los términos y condiciones.");
    expect(translateMessage("Something we never said.", es)).toBe("Something we never said.");
    expect(translatedErrors({ email: "Email is required.", agreedToTerms: undefined }, es)).toEqual({
      email: "Introduce tu correo electrónico.",
      agreedToTerms: undefined,
    });
  });
});

describe("choosing the language", () => {
  it("reads Accept-Language: ours only, by preference, q=0 refused", () => {
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages("es-ES,es;q=0.9,en-US;q=0.8,en;q=0.7")).toEqual(["es", "en"]);
    expect(acceptedLanguages("ja;q=1, de;q=0.2, pt-BR;q=0.5, fr;q=0")).toEqual(["pt", "de"]);
    expect(acceptedLanguages("*")).toEqual([]);
  });

  it("picks among the campaign's languages, else its own", () => {
    expect(chooseLanguage("es", [], ["en"])).toBe("es");
    expect(chooseLanguage("es", ["en", "pt"], ["fr", "pt", "en"])).toBe("pt");
    expect(chooseLanguage("es", ["en"], ["fr", "de"])).toBe("es");
    expect(campaignLanguageFor({ language: "es", otherLanguages: "en,xx,es" }, "en-GB,en;q=0.9")).toBe("en");
    expect(campaignLanguageFor({ language: "klingon", otherLanguages: "" }, "es")).toBe("en");
    expect(parseOtherLanguages("pt, en ,es,zz", "es")).toEqual(["en", "pt"]);
  });
});

describe("consent wordings in each language", () => {
  for (const language of ENTRANT_LANGUAGES) {
    it(`${language}: both boxes, their own versions, the rules and terms linked`, () => {
      const labels = entryConsentLabels({ brand: "Kestrel Coffee", minimumAge: 18 }, language);
      expect(labels.terms.id).toBe(language === "en" ? "terms-v1" : `terms-v1-${language}`);
      expect(labels.marketing.text).toContain("Kestrel Coffee");
      expect(labels.terms.text).toContain("18");
      const links = consentSegments(labels.terms.text)
        .map((segment) => segment.link)
        .filter(Boolean);
      expect(links).toEqual(["rules", "terms"]);
    });
  }

  it("gives every wording its own id", () => {
    const ids = CONSENT_WORDINGS.map((wording) => `${wording.kind}-v${wording.version}-${wording.language ?? "en"}`);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("the confirmation emails in each language", () => {
  for (const template of TRANSLATED_ENTRANT_TEMPLATES) {
    const tokens = new Set<string>(EMAIL_TEMPLATE_DEFAULTS.find((row) => row.id === template)!.tokens);
    for (const language of ENTRANT_LANGUAGES) {
      it(`${template} in ${language}: only the template's tokens, and the data page`, () => {
        const row = translatedEntrantTemplate(template, language);
        if (language === "en") return expect(row).toBeNull();
        expect(row).not.toBeNull();
        for (const token of [...placeholders(row!.subject), ...placeholders(row!.htmlBody)]) expect(tokens.has(token!), token).toBe(true);
        expect(row!.htmlBody).toContain("{{data_link}}");
      });
    }
  }
});

describe("the claim page's words (decision 097)", () => {
  const english = CLAIM_WORDS.en;
  for (const language of ENTRANT_LANGUAGES) {
    it(`${language}: English's keys, no more, with English's placeholders`, () => {
      const words = CLAIM_WORDS[language];
      expect(Object.keys(words).sort()).toEqual(Object.keys(english).sort());
      for (const [key, value] of Object.entries(words)) {
        expect(value.trim(), `${language}.${key}`).not.toBe("");
        expect(placeholders(value), `${language}.${key}`).toEqual(placeholders(english[key as keyof typeof english]));
      }
    });
  }

  it("has every country's region and postal-code label", () => {
    for (const { code } of shipCountriesOf("")) {
      const rule = addressRule(code);
      expect(`label_${rule.regionLabel}` in english, rule.regionLabel).toBe(true);
      expect(`label_${rule.postalLabel}` in english, rule.postalLabel).toBe(true);
    }
    for (const style of ["Unisex", "Women's fit"]) expect(`style_${style}` in english, style).toBe(true);
  });

  it("says every message the claim form can give in the page's language, English unchanged", () => {
    const messages = [
      ...Object.values(CLAIM_MESSAGES),
      WINNER_LISTING_MESSAGES.nameMax,
      WINNER_LISTING_MESSAGES.nameInvalid,
      regionRequiredMessage("State / territory"),
      postalRequiredMessage("Postcode"),
      postalInvalidMessage("ZIP code", "12345 or 12345-6789"),
      postalInvalidMessage("CEP", "01310-100"),
      postalInvalidMessage("Postal code", ""),
      sizeNotInStyleMessage("Women's fit", "3XL"),
      countryNotShippedMessage("Narnia"),
    ];
    expect(claimText(null).errors(messages)).toEqual(messages);
    for (const language of ["es", "fr", "de", "pt"] as const) {
      const said = claimText(CLAIM_WORDS[language]).errors(messages) ?? [];
      said.forEach((text, at) => expect(text, `${language}: ${messages[at]}`).not.toBe(messages[at]));
    }
    const es = claimText(CLAIM_WORDS.es);
    expect(es.errors([postalInvalidMessage("ZIP code", "12345 or 12345-6789")])).toEqual([
      "Revisa «Código ZIP»: no parece válido (por ejemplo: 12345 o 12345-6789).",
    ]);
    expect(es.errors([sizeNotInStyleMessage("Women's fit", "3XL")])).toEqual([
      "Corte de mujer no está disponible en 3XL. Elige otra talla u otro estilo.",
    ]);
    expect(es.t("congratulations", { what: "Elige la talla.", deadline: "lunes" })).toBe(
      "¡Enhorabuena! Elige la talla. Tienes de plazo hasta el lunes.",
    );
  });
});

describe("entry actions' and share words (decision 097)", () => {
  const en = entrantText("en");
  const es = entrantText("es");

  it("says in English exactly what the domain says, and in Spanish its own words", () => {
    for (const [bonus, weight] of [
      [1, 1],
      [3, 4],
    ] as const) {
      expect(en.t("bonusEntries", { count: bonus })).toBe(bonusLabel(bonus));
      expect(en.t("youHaveEntries", { count: weight })).toBe(entriesSentence(weight));
      expect(
        en.t("actionCounted", { bonus: en.t("bonusEntries", { count: bonus }), entries: en.t("youHaveEntries", { count: weight }) }),
      ).toBe(completedSentence(bonus, weight));
    }
    expect(en.t("explained_daily")).toBe(howCounted("daily"));
    expect(translateMessage(ACTION_MESSAGES.wrongCode, es)).toBe("Ese código no coincide. Revísalo y vuelve a intentarlo.");
    expect(translateMessage(ENTRANT_ACTION_MESSAGES.noEntry, es)).not.toBe(ENTRANT_ACTION_MESSAGES.noEntry);
    expect(es.t("youHaveEntries", { count: 1 })).toBe("Tienes 1 participación");
    expect(entrantText("fr").t("triesLeft", { count: 2 })).toBe("Il vous reste 2\u00a0essais.");
  });

  it("fills the share texts in the language, English keeping its own", () => {
    const words = {
      invite: es.t("shareInvite", { title: "Sudadera", brand: "Marca" }),
      bonus: es.t("shareBonus", { bonus: 3 }),
      subject: es.t("shareSubject", { title: "Sudadera" }),
      email: es.t("shareEmail"),
    };
    expect(shareText("Sudadera", "Marca", true, words)).toBe(
      "Participa en Sudadera de Marca. Cada amigo que participa con mi enlace y confirma me suma 3 participaciones extra.",
    );
    const [email] = campaignShareLinks("https://x.example/c", "Sudadera", "Hola", words);
    expect(email).toMatchObject({
      label: "Correo",
      href: `mailto:?subject=${encodeURIComponent("Participa en «Sudadera»")}&body=Hola%20https%3A%2F%2Fx.example%2Fc`,
    });
    expect(campaignShareLinks("https://x.example/c", "Tee", "Hi")[0]).toMatchObject({
      label: "Email",
      href: expect.stringContaining(encodeURIComponent('Enter "Tee"')),
    });
  });
});
