/** Die Datenseiten für Teilnehmende, auf Deutsch (Entscheidung 097): die Schlüssel aus data/en.ts. */
import type { DataResources } from "./en";

export const dataDe: DataResources = {
  dataPageTitle: "Deine Daten · Giveawear",
  dataPrivacy: "Datenschutz",
  dataHeading: "Deine Daten",
  dataInvalidHeading: "Link ungültig",
  dataInvalidLink:
    "Dieser Link ist ungültig. Bitte nutze den Link aus unserer letzten E-Mail an dich oder fordere unten einen neuen an.",
  dataExpiredHeading: "Dieser Link ist abgelaufen",
  dataExpiredLink: "Dieser Link ist abgelaufen: Links zu deinen Daten gelten 7 Tage.",
  dataExpiredNewOne:
    "Wir können dir einen neuen an dieselbe Adresse schicken: Hier wird nichts angezeigt, bis du ihn öffnest.",
  dataNewLinkSent: "Wir haben einen neuen Link an die Adresse geschickt, für die dieser Link galt.",
  dataEmailNewLink: "Neuen Link per E-Mail schicken",
  dataRateLimited: "Zu viele Anfragen aus deinem Netzwerk. Bitte versuche es in einer Stunde noch einmal.",
  dataWithdrawn:
    "Erledigt: Von den Marken, bei denen du deine Einwilligung widerrufen hast, bekommst du keine Neuigkeiten und Angebote mehr.",
  dataNothingToWithdraw: "Es gab keine Marketing-Einwilligung mehr, die du widerrufen könntest.",
  dataErased: "Deine Daten wurden gelöscht.",
  dataNoEntries: "Zu dieser Adresse haben wir keine Teilnahmen an Gewinnspielen gespeichert.",
  dataReadPolicy: "Datenschutzerklärung lesen (auf Englisch)",
  dataEntryCount_one: "{{count, number}} Teilnahme an einem Gewinnspiel",
  dataEntryCount_other: "{{count, number}} Teilnahmen an Gewinnspielen",
  dataEmailCount_one: "{{count, number}} E-Mail, die wir dir geschickt haben",
  dataEmailCount_other: "{{count, number}} E-Mails, die wir dir geschickt haben",
  dataHolds: "Was Giveawear zu {{address}} gespeichert hat: {{entries}}. Dieser Link gilt bis zum {{until}}.",
  dataHoldsEmails:
    "Was Giveawear zu {{address}} gespeichert hat: {{entries}} und {{emails}}. Dieser Link gilt bis zum {{until}}.",
  dataDownload: "Alle meine Daten herunterladen (JSON)",
  dataWithdrawAll: "Alle Marketing-Einwilligungen widerrufen",
  dataEraseLink: "Meine Daten löschen…",
  dataYourEntries: "Deine Teilnahmen",
  dataRetention:
    "Wer in Marketing eingewilligt hat, bleibt auf der Liste der Marke, bis die Einwilligung widerrufen oder die Daten gelöscht werden. Ansonsten löschen wir die Daten eine feste Zeit nach der Auslieferung der Gewinne; wie lange, steht in der Datenschutzerklärung.",

  dataByBrand: "von {{brand}}",
  dataPhone: "Telefon",
  dataEntered: "Teilgenommen am",
  dataConfirmedAt: "Bestätigt am",
  dataStatus: "Status",
  dataEntriesInDraw: "Lose in der Auslosung",
  dataEntryActions: "Bonusaktionen",
  dataEntryId: "Teilnahme-ID",
  dataPrize: "Gewinn",
  dataTerms: "Teilnahmebedingungen",
  dataMarketing: "Marketing",
  dataStatusPending: "Wartet darauf, dass du sie über die E-Mail bestätigst, die wir dir geschickt haben",
  dataStatusNeverConfirmed: "Nie bestätigt, daher nicht in der Auslosung",
  dataStatusConfirmed: "Bestätigt",
  dataStatusInDraw: "Bestätigt: nimmt an der Auslosung teil",
  dataStatusWasInDraw: "Bestätigt: hat an der Auslosung teilgenommen",
  dataStatusDisqualified: "Nach Prüfung durch die Marke disqualifiziert",
  dataBonusReferrals_one: "{{count, number}} Bonuslos durch Freunde, die du eingeladen hast",
  dataBonusReferrals_other: "{{count, number}} Bonuslose durch Freunde, die du eingeladen hast",
  dataBonusActions: "{{count, number}} durch Bonusaktionen",
  dataActionRejected: "von der Marke abgelehnt, nicht gezählt",
  dataYouGave: "deine Antwort: „{{answer}}“",
  dataYouWon: "Du hast gewonnen: {{prize}}.",
  dataClaimOpen: "Noch nicht angefordert: Fordere ihn bis zum {{deadline}} über den Link in deiner Gewinner-E-Mail an.",
  dataClaimLapsed: "Nicht vor Ablauf der Frist angefordert ({{deadline}}).",
  dataClaimed: "Angefordert; Bestellstatus: {{status}}.",
  dataOrderNone: "Noch nicht gestartet",
  dataOrderPending: "Ausstehend",
  dataOrderSubmitted: "Übermittelt",
  dataOrderFulfilled: "Produziert",
  dataOrderShipped: "Versandt",
  dataOrderDelivered: "Zugestellt",
  dataOrderCancelled: "Storniert",
  dataNotRecorded: "Der genaue Wortlaut wurde nicht gespeichert (du hast teilgenommen, bevor Einwilligungen protokolliert wurden).",
  dataVersion: "(Version {{version}})",
  dataAgreed: "Zugestimmt am {{time}}.",
  dataGiven: "Erteilt am {{time}}.",
  dataWithdrawnAt: "Widerrufen am {{time}}.",
  dataGivenNotRecorded: "Erteilt am {{time}}; der genaue Wortlaut wurde nicht gespeichert.",
  dataNotGiven: "Nicht erteilt: {{brand}} darf dir keine Neuigkeiten und Angebote schicken.",
  dataWithdrawFor: "Marketing-Einwilligung für {{brand}} widerrufen",

  eraseTitle: "Deine Daten löschen · Giveawear",
  eraseNothingHeading: "Nichts zu löschen",
  eraseBack: "Zurück zu deinen Daten",
  eraseAskNewLink: "Neuen Link anfordern",
  eraseHeading: "Deine Daten löschen?",
  eraseFor: "Für {{address}}: {{entries}}.",
  eraseUnderstand: "Ich habe verstanden: Meine Daten sollen jetzt gelöscht werden. Das lässt sich nicht rückgängig machen.",
  eraseConfirmRequired: "Bitte setze den Haken bei „Ich habe verstanden“, um deine Daten zu löschen.",
  eraseSubmit: "Meine Daten löschen",
  eraseKeep: "Meine Daten behalten",
  eraseRemoves: "Beim Löschen wird für jedes Gewinnspiel, an dem du mit dieser Adresse teilgenommen hast, Folgendes entfernt:",
  eraseRemovesContact: "deine E-Mail-Adresse, Telefonnummer, IP-Adresse und Browser-ID aus jeder Teilnahme;",
  eraseRemovesConsents:
    "deine Marketing-Einwilligungen: Die mit Giveawear verbundenen E-Mail-Tools der Marken werden angewiesen, dich abzumelden;",
  eraseRemovesOneEmail:
    "die E-Mail, die wir dir geschickt haben, etwaige Anmeldecodes und unsere gespeicherten Kopien von Nachrichten, die du uns über das Kontaktformular geschickt hast;",
  eraseRemovesEmails:
    "die {{count, number}} E-Mails, die wir dir geschickt haben, etwaige Anmeldecodes und unsere gespeicherten Kopien von Nachrichten, die du uns über das Kontaktformular geschickt hast;",
  eraseRemovesDelivery: "die Lieferdaten von Gewinnen, die bereits versandt oder zugestellt wurden.",
  eraseMeans: "Was das bedeutet:",
  eraseMeansAnonymous:
    "Jede Teilnahme bleibt nur als anonyme ID in der Auslosung ihres Gewinnspiels, denn veröffentlichte Teilnahmelisten können sich nicht ändern (nur so kann jeder eine Auslosung nachprüfen). Wir können dich nicht mehr erreichen: Wird eine solche Teilnahme gezogen, kann der Gewinn nicht angefordert werden, und die Marke darf einen anderen Gewinner ziehen.",
  eraseMeansLinks: "Deine Links zu deinen Daten und zum Anfordern von Gewinnen funktionieren nicht mehr. Das Löschen lässt sich nicht rückgängig machen.",
  eraseMeansCopies:
    "Kopien, die eine Marke bereits gezogen hat (ihr Export der Teilnahmen, ihre eigenen Systeme), liegen bei der Marke: Wende dich an sie; sie ist in den offiziellen Teilnahmebedingungen jedes Gewinnspiels genannt.",
  eraseMeansAccount:
    "Du hast mit dieser Adresse auch ein Giveawear-Konto: Es wird hier nicht gelöscht, und deine eigenen Gewinnspiele bleiben bestehen. Um es zu schließen, {{contact}}.",
  eraseContactUs: "schreib uns",
  erasePrizes: "Deine Gewinne",
  erasePrizeUnclaimed:
    "Du hast {{prize}} bei {{campaign}} gewonnen und den Gewinn noch nicht angefordert. Mit dem Löschen verzichtest du darauf: Dein Link zum Anfordern funktioniert nicht mehr, und die Marke darf sofort einen anderen Gewinner ziehen.",
  erasePrizeInProgress:
    "Dein Gewinn {{prize}} aus {{campaign}} wird gerade vorbereitet. Damit er dich trotzdem erreicht, behalten wir nur Name, Adresse, Telefon und E-Mail seiner Bestellung, bis sie versandt (oder storniert) ist, und löschen sie dann zusammen mit der Versand-E-Mail. Dein Gewinn-Link mit seiner Sendungsverfolgung funktioniert ab sofort nicht mehr.",
  erasePrizeShipped:
    "Dein Gewinn {{prize}} aus {{campaign}} ist versandt. Beim Löschen werden Lieferadresse und Sendungsnummer entfernt, sodass weder du noch die Marke das Paket weiter verfolgen können.",

  requestDescription:
    "Sieh dir an, welche Daten Giveawear zu deinen Gewinnspiel-Teilnahmen gespeichert hat, lade sie herunter, bestelle Marketing-E-Mails ab oder lösche sie – über einen Link, den wir dir per E-Mail schicken.",
  requestIntro:
    "Du brauchst kein Konto: Deine E-Mail-Adresse ist der Schlüssel. Wir schicken den Link nur an diese Adresse, also kann ihn nur ihr Inhaber öffnen.",
  requestPolicy: "In der {{policy}} steht, was wir erheben, wozu und wie lange.",
  requestPolicyLink: "Datenschutzerklärung (auf Englisch)",
  requestHeading: "Deine Daten ansehen, herunterladen oder löschen",
  requestExplain:
    "Du hast an einem Gewinnspiel teilgenommen? Gib die E-Mail-Adresse ein, die du verwendet hast, und wir schicken dorthin einen Link zu deinen Daten: jede Teilnahme, deine Einwilligungen (im genauen Wortlaut, den du gesehen hast) und etwaige Gewinne. Dort kannst du alles herunterladen, Marketing-E-Mails abbestellen oder alles löschen. Der Link gilt {{days}} Tage. Jede E-Mail, die wir dir zu einem Gewinnspiel schicken, enthält denselben Link.",
  requestSubmit: "Link per E-Mail schicken",
  requestSent:
    "Falls wir Daten zu dieser Adresse haben, haben wir einen Link an sie geschickt. Der Link gilt 7 Tage.",
};
