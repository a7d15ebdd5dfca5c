/**
 * Les pages de données du participant, en français (décision 097) : les clés de data/en.ts.
 * Espaces insécables (\u00a0) avant : ; ! ? et à l'intérieur des guillemets.
 */
import type { DataResources } from "./en";

export const dataFr: DataResources = {
  dataPageTitle: "Vos données · Giveawear",
  dataPrivacy: "Confidentialité",
  dataHeading: "Vos données",
  dataInvalidHeading: "Lien non valide",
  dataInvalidLink:
    "Ce lien n'est pas valide. Utilisez le lien du dernier e-mail que nous vous avons envoyé, ou demandez-en un nouveau ci-dessous.",
  dataExpiredHeading: "Ce lien a expiré",
  dataExpiredLink: "Ce lien a expiré\u00a0: les liens vers vos données sont valables 7\u00a0jours.",
  dataExpiredNewOne:
    "Nous pouvons en envoyer un nouveau à la même adresse\u00a0: rien ne s'affiche ici tant que vous ne l'avez pas ouvert.",
  dataNewLinkSent: "Nous avons envoyé un nouveau lien à l'adresse à laquelle ce lien était destiné.",
  dataEmailNewLink: "M'envoyer un nouveau lien",
  dataRateLimited: "Trop de demandes depuis votre réseau. Veuillez réessayer dans une heure.",
  dataWithdrawn:
    "C'est fait\u00a0: vous ne recevrez plus d'actualités ni d'offres des marques auxquelles vous avez retiré votre consentement.",
  dataNothingToWithdraw: "Il n'y avait plus aucun consentement marketing à retirer.",
  dataErased: "Vos données ont été effacées.",
  dataNoEntries: "Nous ne détenons aucune participation à un jeu-concours pour cette adresse.",
  dataReadPolicy: "Lire la politique de confidentialité (en anglais)",
  dataEntryCount_one: "{{count, number}}\u00a0participation à un jeu-concours",
  dataEntryCount_many: "{{count, number}}\u00a0participations à des jeux-concours",
  dataEntryCount_other: "{{count, number}}\u00a0participations à des jeux-concours",
  dataEmailCount_one: "{{count, number}}\u00a0e-mail que nous vous avons envoyé",
  dataEmailCount_many: "{{count, number}}\u00a0e-mails que nous vous avons envoyés",
  dataEmailCount_other: "{{count, number}}\u00a0e-mails que nous vous avons envoyés",
  dataHolds: "Ce que Giveawear détient pour {{address}}\u00a0: {{entries}}. Ce lien est valable jusqu'au {{until}}.",
  dataHoldsEmails:
    "Ce que Giveawear détient pour {{address}}\u00a0: {{entries}}, et {{emails}}. Ce lien est valable jusqu'au {{until}}.",
  dataDownload: "Télécharger toutes mes données (JSON)",
  dataWithdrawAll: "Retirer tous mes consentements marketing",
  dataEraseLink: "Effacer mes données…",
  dataYourEntries: "Vos participations",
  dataRetention:
    "Si vous avez donné votre consentement marketing, vous restez sur la liste de la marque jusqu'à ce que vous le retiriez ou effaciez vos données. Sinon, nous effaçons les données des participants un délai fixe après la livraison des lots du jeu-concours\u00a0; la politique de confidentialité en précise la durée.",

  dataByBrand: "par {{brand}}",
  dataPhone: "Téléphone",
  dataEntered: "Date de participation",
  dataConfirmedAt: "Date de confirmation",
  dataStatus: "Statut",
  dataEntriesInDraw: "Participations au tirage",
  dataEntryActions: "Actions bonus",
  dataEntryId: "Identifiant de participation",
  dataPrize: "Lot",
  dataTerms: "Conditions",
  dataMarketing: "Marketing",
  dataStatusPending: "En attente de votre confirmation depuis l'e-mail que nous vous avons envoyé",
  dataStatusNeverConfirmed: "Jamais confirmée, elle n'a donc pas participé au tirage",
  dataStatusConfirmed: "Confirmée",
  dataStatusInDraw: "Confirmée\u00a0: elle participe au tirage",
  dataStatusWasInDraw: "Confirmée\u00a0: elle a participé au tirage",
  dataStatusDisqualified: "Disqualifiée après examen par la marque",
  dataBonusReferrals_one: "{{count, number}}\u00a0chance bonus grâce aux amis que vous avez parrainés",
  dataBonusReferrals_many: "{{count, number}}\u00a0chances bonus grâce aux amis que vous avez parrainés",
  dataBonusReferrals_other: "{{count, number}}\u00a0chances bonus grâce aux amis que vous avez parrainés",
  dataBonusActions: "{{count, number}} grâce aux actions bonus",
  dataActionRejected: "refusée par la marque, non comptée",
  dataYouGave: "vous avez répondu «\u00a0{{answer}}\u00a0»",
  dataYouWon: "Vous avez gagné\u00a0: {{prize}}.",
  dataClaimOpen:
    "Pas encore réclamé\u00a0: réclamez-le avant le {{deadline}} avec le lien de votre e-mail de gagnant.",
  dataClaimLapsed: "Non réclamé avant la date limite ({{deadline}}).",
  dataClaimed: "Réclamé\u00a0; statut de la commande\u00a0: {{status}}.",
  dataOrderNone: "Pas encore lancée",
  dataOrderPending: "En attente",
  dataOrderSubmitted: "Transmise",
  dataOrderFulfilled: "Préparée",
  dataOrderShipped: "Expédiée",
  dataOrderDelivered: "Livrée",
  dataOrderCancelled: "Annulée",
  dataNotRecorded:
    "Le texte exact n'a pas été enregistré (vous avez participé avant que les consentements ne soient conservés).",
  dataVersion: "(version {{version}})",
  dataAgreed: "Acceptées le {{time}}.",
  dataGiven: "Donné le {{time}}.",
  dataWithdrawnAt: "Retiré le {{time}}.",
  dataGivenNotRecorded: "Donné le {{time}}\u00a0; le texte exact n'a pas été enregistré.",
  dataNotGiven: "Non donné\u00a0: {{brand}} ne peut pas vous envoyer d'actualités ni d'offres.",
  dataWithdrawFor: "Retirer mon consentement marketing pour {{brand}}",

  eraseTitle: "Effacer vos données · Giveawear",
  eraseNothingHeading: "Rien à effacer",
  eraseBack: "Retour à vos données",
  eraseAskNewLink: "Demander un nouveau lien",
  eraseHeading: "Effacer vos données\u00a0?",
  eraseFor: "Pour {{address}}\u00a0: {{entries}}.",
  eraseUnderstand: "J'ai compris\u00a0: effacer mes données maintenant. C'est irréversible.",
  eraseConfirmRequired: "Veuillez cocher «\u00a0J'ai compris\u00a0» pour effacer vos données.",
  eraseSubmit: "Effacer mes données",
  eraseKeep: "Conserver mes données",
  eraseRemoves: "L'effacement supprime, pour chaque jeu-concours auquel vous avez participé avec cette adresse\u00a0:",
  eraseRemovesContact:
    "votre adresse e-mail, votre numéro de téléphone, votre adresse IP et l'identifiant de votre navigateur dans chaque participation\u00a0;",
  eraseRemovesConsents:
    "vos consentements marketing\u00a0: les outils d'e-mailing des marques connectés à Giveawear reçoivent l'ordre de vous désabonner\u00a0;",
  eraseRemovesOneEmail:
    "l'e-mail que nous vous avons envoyé, les éventuels codes de connexion et nos copies des messages que vous nous avez envoyés par le formulaire de contact\u00a0;",
  eraseRemovesEmails:
    "les {{count, number}}\u00a0e-mails que nous vous avons envoyés, les éventuels codes de connexion et nos copies des messages que vous nous avez envoyés par le formulaire de contact\u00a0;",
  eraseRemovesDelivery: "les informations de livraison des lots déjà expédiés ou livrés.",
  eraseMeans: "Ce que cela implique\u00a0:",
  eraseMeansAnonymous:
    "Chaque participation reste dans le tirage de son jeu-concours sous la seule forme d'un identifiant anonyme, car les listes de participations publiées ne peuvent pas changer (c'est ce qui permet à chacun de vérifier un tirage). Nous ne pourrons plus vous contacter\u00a0: si une telle participation est tirée au sort, le lot ne pourra pas être réclamé et la marque pourra tirer un autre gagnant.",
  eraseMeansLinks: "Vos liens vers vos données et vos liens de réclamation de lot cessent de fonctionner. L'effacement est irréversible.",
  eraseMeansCopies:
    "Les copies qu'une marque a déjà faites (son export des participations, ses propres systèmes) relèvent de la marque\u00a0: adressez-vous à elle, elle est nommée dans le règlement officiel de chaque jeu-concours.",
  eraseMeansAccount:
    "Vous avez aussi un compte Giveawear avec cette adresse\u00a0: il n'est pas supprimé ici, et les jeux-concours que vous organisez restent en place. Pour le fermer, {{contact}}.",
  eraseContactUs: "contactez-nous",
  erasePrizes: "Vos lots",
  erasePrizeUnclaimed:
    "Vous avez gagné {{prize}} au jeu-concours {{campaign}} et ne l'avez pas encore réclamé. L'effacement vous y fait renoncer\u00a0: votre lien de réclamation cesse de fonctionner et la marque peut tirer un autre gagnant sans attendre.",
  erasePrizeInProgress:
    "Votre lot {{prize}} du jeu-concours {{campaign}} est en préparation. Pour qu'il vous parvienne quand même, nous ne gardons que le nom, l'adresse, le téléphone et l'e-mail de sa commande jusqu'à son expédition (ou son annulation), puis nous les effaçons, ainsi que l'e-mail d'expédition. Votre lien de réclamation, avec sa page de suivi, cesse de fonctionner dès maintenant.",
  erasePrizeShipped:
    "Votre lot {{prize}} du jeu-concours {{campaign}} a été expédié. L'effacement supprime son adresse de livraison et son numéro de suivi\u00a0: ni vous ni la marque ne pourrez plus suivre le colis.",

  requestDescription:
    "Consultez les données que Giveawear détient sur vos participations à des jeux-concours, téléchargez-les, arrêtez les e-mails marketing ou effacez-les, grâce à un lien envoyé par e-mail.",
  requestIntro:
    "Aucun compte n'est nécessaire\u00a0: votre adresse e-mail est la clé. Nous envoyons le lien à cette adresse uniquement, si bien que seul son titulaire peut l'ouvrir.",
  requestPolicy: "Consultez la {{policy}} pour savoir ce que nous collectons, pourquoi et pour combien de temps.",
  requestPolicyLink: "politique de confidentialité (en anglais)",
  requestHeading: "Consulter, télécharger ou effacer vos données",
  requestExplain:
    "Vous avez participé à un jeu-concours\u00a0? Saisissez l'adresse e-mail utilisée et nous y enverrons un lien vers vos données\u00a0: chaque participation, les consentements donnés (avec le texte exact que vous avez vu), les éventuels lots. Vous pourrez tout télécharger, arrêter les e-mails marketing ou tout effacer. Le lien est valable {{days}}\u00a0jours. Chaque e-mail que nous vous envoyons au sujet d'un jeu-concours contient ce même lien.",
  requestSubmit: "M'envoyer un lien",
  requestSent:
    "Si nous détenons des données pour cette adresse, nous lui avons envoyé un lien par e-mail. Le lien est valable 7\u00a0jours.",
};
