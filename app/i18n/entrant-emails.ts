/**
 * The entrants' confirmation emails in the other languages (decision 097). English is the admin's
 * own template (EmailTemplate rows, edited in the admin panel); these are the code's, written for
 * each language like the page's words, with the same tokens and layout. The data-page line is
 * each language's own (decision 054).
 */
import type { EntrantLanguage } from "../domain/entrant-language";
import { brandLogo, button, emailLayout, prizeImage } from "../domain/email-template-defaults";
import { SMS_TEXTS, type SmsTexts } from "../domain/sms";
import { grandPrizeTitle } from "../domain/winner-emails";
import { noticeEmailTemplate } from "./notice-emails";

interface EmailWords {
  dataLine: string;
  confirmRequest: { subject: string; body: (confirm: string) => string };
  confirmation: { subject: string; body: string };
}

const small = (token: string) => `<p style="font-size:13px;color:#4b5563">{{${token}}}</p>`;
const DRAW_LINES = `${small("draw_commitment_line")}\n${small("draw_round_line")}`;
const ACTION_LINES = `<p>{{actions_offer}}</p>
<p>{{entry_actions}}</p>
<p><a href="{{actions_link}}">{{actions_link}}</a></p>`;
const REFERRAL_LINES = `<p>{{entry_coupon}}</p>
<p>{{referral_offer}}</p>
<p><a href="{{referral_link}}">{{referral_link}}</a></p>`;

const WORDS: Record<Exclude<EntrantLanguage, "en">, EmailWords> = {
  es: {
    dataLine:
      'Tus datos: consulta lo que guardamos sobre ti, descárgalo, deja de recibir correos promocionales o bórralo en <a href="{{data_link}}">tu página de datos</a>.',
    confirmRequest: {
      subject: "Confirma tu participación: {{campaign_title}}",
      body: (confirm) => `<p>¡Gracias por participar en <strong>{{campaign_title}}</strong> de {{brand_name}}!</p>
<p>Confirma tu participación: solo cuenta cuando la confirmas, y las que no estén confirmadas al cierre ({{campaign_end_date}}) no entran en el sorteo.</p>
${confirm}
<p>Si no te has apuntado a este sorteo como {{email}}, ignora este correo: sin pulsar el botón no se registra ninguna participación.</p>`,
    },
    confirmation: {
      subject: "Ya participas: {{campaign_title}}",
      body: `<p>¡Gracias por participar en <strong>{{campaign_title}}</strong> de {{brand_name}}! Tu participación está confirmada.</p>
<p>La lista de participantes se cierra cuando termina el sorteo, el {{campaign_end_date}}; entonces se elige al ganador al azar y se le avisa en {{email}}.</p>
<p>Tu justificante: participación <strong>{{entry_id}}</strong>, registrada el {{entry_time}}, con peso {{entry_weight}} al confirmarse. Guárdalo para encontrar tu línea en la lista de participantes publicada.</p>`,
    },
  },
  fr: {
    dataLine:
      'Vos données\u00a0: consultez ce que nous conservons sur vous, téléchargez-le, arrêtez les e-mails promotionnels ou effacez-le sur <a href="{{data_link}}">votre page de données</a>.',
    confirmRequest: {
      subject: "Confirmez votre participation\u00a0: {{campaign_title}}",
      body: (confirm) => `<p>Merci de participer à <strong>{{campaign_title}}</strong> de {{brand_name}}\u00a0!</p>
<p>Confirmez votre participation\u00a0: elle ne compte qu'une fois confirmée, et les participations non confirmées à la clôture ({{campaign_end_date}}) ne sont pas tirées au sort.</p>
${confirm}
<p>Si vous n'avez pas participé à ce jeu-concours avec l'adresse {{email}}, ignorez cet e-mail\u00a0: rien n'est enregistré sans le bouton.</p>`,
    },
    confirmation: {
      subject: "Vous participez\u00a0: {{campaign_title}}",
      body: `<p>Merci de participer à <strong>{{campaign_title}}</strong> de {{brand_name}}\u00a0! Votre participation est confirmée.</p>
<p>La liste des participations est figée à la clôture du jeu-concours, le {{campaign_end_date}}\u00a0; le gagnant est alors tiré au sort et prévenu à l'adresse {{email}}.</p>
<p>Votre récépissé\u00a0: participation <strong>{{entry_id}}</strong>, enregistrée le {{entry_time}}, poids {{entry_weight}} à la confirmation. Conservez-le pour retrouver votre ligne dans la liste publiée des participations.</p>`,
    },
  },
  de: {
    dataLine:
      'Deine Daten: Sieh dir an, was wir über dich speichern, lade es herunter, bestelle Werbe-E-Mails ab oder lösche es auf <a href="{{data_link}}">deiner Datenseite</a>.',
    confirmRequest: {
      subject: "Bestätige deine Teilnahme: {{campaign_title}}",
      body: (confirm) => `<p>Danke, dass du bei <strong>{{campaign_title}}</strong> von {{brand_name}} mitmachst!</p>
<p>Bitte bestätige deine Teilnahme: Sie zählt erst danach, und was bis zum Ende ({{campaign_end_date}}) nicht bestätigt ist, kommt nicht in die Auslosung.</p>
${confirm}
<p>Falls du nicht mit {{email}} an diesem Gewinnspiel teilgenommen hast, ignoriere diese E-Mail einfach: Ohne den Button wird nichts eingetragen.</p>`,
    },
    confirmation: {
      subject: "Du bist dabei: {{campaign_title}}",
      body: `<p>Danke, dass du bei <strong>{{campaign_title}}</strong> von {{brand_name}} mitmachst! Deine Teilnahme ist bestätigt.</p>
<p>Die Teilnehmerliste wird zum Ende des Gewinnspiels am {{campaign_end_date}} festgeschrieben; dann wird der Gewinner zufällig ausgelost und unter {{email}} benachrichtigt.</p>
<p>Deine Teilnahmebestätigung: Teilnahme <strong>{{entry_id}}</strong>, eingegangen am {{entry_time}}, Gewicht {{entry_weight}} bei der Bestätigung. Heb sie auf, um deine Zeile in der veröffentlichten Teilnehmerliste zu finden.</p>`,
    },
  },
  pt: {
    dataLine:
      'Seus dados: veja o que guardamos sobre você, baixe, pare de receber e-mails promocionais ou apague tudo na <a href="{{data_link}}">sua página de dados</a>.',
    confirmRequest: {
      subject: "Confirme sua participação: {{campaign_title}}",
      body: (confirm) => `<p>Obrigado por participar de <strong>{{campaign_title}}</strong>, de {{brand_name}}!</p>
<p>Confirme sua participação: ela só vale depois de confirmada, e participações não confirmadas até o encerramento ({{campaign_end_date}}) ficam fora do sorteio.</p>
${confirm}
<p>Se você não se inscreveu neste sorteio como {{email}}, ignore este e-mail: nada é registrado sem o botão.</p>`,
    },
    confirmation: {
      subject: "Você está participando: {{campaign_title}}",
      body: `<p>Obrigado por participar de <strong>{{campaign_title}}</strong>, de {{brand_name}}! Sua participação está confirmada.</p>
<p>A lista de participações é fechada no encerramento do sorteio, em {{campaign_end_date}}; aí o ganhador é sorteado ao acaso e avisado em {{email}}.</p>
<p>Seu comprovante: participação <strong>{{entry_id}}</strong>, registrada em {{entry_time}}, com peso {{entry_weight}} na confirmação. Guarde para encontrar sua linha na lista de participações publicada.</p>`,
    },
  },
};

const CONFIRM_BUTTON: Record<Exclude<EntrantLanguage, "en">, string> = {
  es: "Confirmar mi participación",
  fr: "Confirmer ma participation",
  de: "Teilnahme bestätigen",
  pt: "Confirmar minha participação",
};

/**
 * The winner's emails in each language (decision 097): winner_notification and claim_reminder,
 * laid out like the English defaults, and the words the code fills their tokens with
 * (claim_choices, time_left, contact_line, the bonus gift's lines). claim_deadline is the
 * language's own date (entrantText().dateTime in UTC).
 */
interface WinnerWords {
  claimButton: string;
  winner: { subject: string; body: string };
  claimReminder: { subject: string; body: string };
  /** What the winner chooses on the claim page: a mug's colour, or a shirt's size, style and colour. */
  choices: { mug: string; shirt: string };
  timeLeft: Record<"3 days" | "1 day", string>;
  /** The winner's two text messages (decision 094), as SMS_TEXTS in English. */
  sms: SmsTexts;
  bonusGift: string;
  giftCode: string;
  howToRedeem: string;
  theBrand: string;
  contactReply: string;
  contactForm: string;
  /**
   * The grand prize's name in the emails' sentences ("Has ganado {{prize_name}}"): the product with its
   * article and the title quoted ({{name}}), or the product alone when the title says nothing more.
   */
  grandPrize: { named: Record<ProductKey, string>; alone: Record<ProductKey, string> };
}

type ProductKey = "t-shirt" | "hoodie" | "mug";

const PERSONAL_AND_CONTACT = (personal: string) => `<p>${personal}</p>
<p>{{contact_line}}</p>`;
const BONUS_LINES = `<p>{{bonus_gift_name}}</p>
<p>{{bonus_gift_code}}</p>
<p>{{bonus_gift_instructions}}</p>`;

const WINNER_WORDS: Record<Exclude<EntrantLanguage, "en">, WinnerWords> = {
  es: {
    claimButton: "Reclamar mi premio",
    winner: {
      subject: "¡Has ganado {{prize_name}} de {{brand_name}}!",
      body: `<p>¡Enhorabuena!</p>
<p>Has ganado <strong>{{prize_name}}</strong> de {{brand_name}}, elegido al azar en el sorteo «{{campaign_title}}».</p>
${prizeImage}
<p>Para reclamar tu premio, elige {{claim_choices}} y dinos adónde te lo enviamos:</p>
{{button}}
<p>Tienes de plazo hasta el {{claim_deadline}}; después, el premio puede pasar a otro participante.</p>
${BONUS_LINES}
${PERSONAL_AND_CONTACT("Este enlace es personal: solo se ha enviado a {{email}}.")}`,
    },
    claimReminder: {
      subject: "{{time_left}} para reclamar {{prize_name}} de {{brand_name}}",
      body: `<p>Has ganado <strong>{{prize_name}}</strong> de {{brand_name}} en el sorteo «{{campaign_title}}», y todavía te está esperando.</p>
${prizeImage}
<p>Solo te quedan {{time_left}}: reclámalo antes del {{claim_deadline}}; después, el premio puede pasar a otro participante.</p>
{{button}}
${PERSONAL_AND_CONTACT("Este enlace es personal: solo se ha enviado a {{email}}.")}`,
    },
    choices: { mug: "tu color", shirt: "tu talla, estilo y color" },
    timeLeft: { "3 days": "3 días", "1 day": "1 día" },
    sms: {
      winner: "{{brand}}: ¡has ganado {{prize}}! Reclámalo antes del {{deadline}}: {{link}} Responde STOP para no recibir más mensajes.",
      claimReminder:
        "{{brand}}: tienes {{time_left}} para reclamar tu premio, {{prize}}: {{link}} Responde STOP para no recibir más mensajes.",
    },
    bonusGift: "Regalo extra: {{value}}",
    giftCode: "Código del regalo: {{value}}",
    howToRedeem: "Cómo canjearlo: {{value}}",
    theBrand: "la marca",
    contactReply: "¿Dudas sobre tu premio? Responde a este correo y te leerá {{brand}} ({{support}}).",
    contactForm:
      "¿Dudas sobre tu premio? No respondas a este correo (nadie lee ese buzón): escríbenos desde nuestro formulario de contacto en {{url}}.",
    grandPrize: {
      named: { "t-shirt": "la camiseta «{{name}}»", hoodie: "la sudadera «{{name}}»", mug: "la taza «{{name}}»" },
      alone: { "t-shirt": "una camiseta", hoodie: "una sudadera", mug: "una taza" },
    },
  },
  fr: {
    claimButton: "Réclamer mon lot",
    winner: {
      subject: "Vous avez gagné {{prize_name}} de {{brand_name}}\u00a0!",
      body: `<p>Félicitations\u00a0!</p>
<p>Vous avez gagné <strong>{{prize_name}}</strong> de {{brand_name}}, tiré au sort lors du jeu-concours «\u00a0{{campaign_title}}\u00a0».</p>
${prizeImage}
<p>Pour réclamer votre lot, choisissez {{claim_choices}} et indiquez-nous où l'envoyer\u00a0:</p>
{{button}}
<p>Réclamez-le avant le {{claim_deadline}}\u00a0; passé ce délai, le lot pourra revenir à un autre participant.</p>
${BONUS_LINES}
${PERSONAL_AND_CONTACT("Ce lien est personnel\u00a0: il n'a été envoyé qu'à {{email}}.")}`,
    },
    claimReminder: {
      subject: "Plus que {{time_left}} pour réclamer {{prize_name}} de {{brand_name}}",
      body: `<p>Vous avez gagné <strong>{{prize_name}}</strong> de {{brand_name}} lors du jeu-concours «\u00a0{{campaign_title}}\u00a0», et il vous attend toujours.</p>
${prizeImage}
<p>Il vous reste {{time_left}}\u00a0: réclamez-le avant le {{claim_deadline}}\u00a0; passé ce délai, le lot pourra revenir à un autre participant.</p>
{{button}}
${PERSONAL_AND_CONTACT("Ce lien est personnel\u00a0: il n'a été envoyé qu'à {{email}}.")}`,
    },
    choices: { mug: "votre couleur", shirt: "votre taille, votre coupe et votre couleur" },
    timeLeft: { "3 days": "3\u00a0jours", "1 day": "1\u00a0jour" },
    sms: {
      winner:
        "{{brand}}\u00a0: vous avez gagné {{prize}}\u00a0! Réclamez-le avant le {{deadline}}\u00a0: {{link}} Répondez STOP pour ne plus recevoir de SMS.",
      claimReminder:
        "{{brand}}\u00a0: plus que {{time_left}} pour réclamer votre lot, {{prize}}\u00a0: {{link}} Répondez STOP pour ne plus recevoir de SMS.",
    },
    bonusGift: "Cadeau en plus\u00a0: {{value}}",
    giftCode: "Code du cadeau\u00a0: {{value}}",
    howToRedeem: "Comment en profiter\u00a0: {{value}}",
    theBrand: "la marque",
    contactReply: "Une question sur votre lot\u00a0? Répondez à cet e-mail pour joindre {{brand}} ({{support}}).",
    contactForm:
      "Une question sur votre lot\u00a0? Merci de ne pas répondre à cet e-mail (personne ne lit cette boîte)\u00a0: écrivez-nous via notre formulaire de contact, {{url}}.",
    grandPrize: {
      named: {
        "t-shirt": "le t-shirt «\u00a0{{name}}\u00a0»",
        hoodie: "le sweat à capuche «\u00a0{{name}}\u00a0»",
        mug: "le mug «\u00a0{{name}}\u00a0»",
      },
      alone: { "t-shirt": "un t-shirt", hoodie: "un sweat à capuche", mug: "un mug" },
    },
  },
  de: {
    claimButton: "Gewinn einlösen",
    winner: {
      subject: "Du hast {{prize_name}} von {{brand_name}} gewonnen!",
      body: `<p>Herzlichen Glückwunsch!</p>
<p>Du hast <strong>{{prize_name}}</strong> von {{brand_name}} gewonnen, zufällig ausgelost beim Gewinnspiel „{{campaign_title}}“.</p>
${prizeImage}
<p>Um deinen Gewinn einzulösen, wähle {{claim_choices}} und sag uns, wohin wir ihn schicken sollen:</p>
{{button}}
<p>Bitte löse ihn bis {{claim_deadline}} ein; danach kann der Gewinn an jemand anderen gehen.</p>
${BONUS_LINES}
${PERSONAL_AND_CONTACT("Dieser Link ist persönlich: Er wurde nur an {{email}} geschickt.")}`,
    },
    claimReminder: {
      subject: "Noch {{time_left}}, um {{prize_name}} von {{brand_name}} einzulösen",
      body: `<p>Du hast <strong>{{prize_name}}</strong> von {{brand_name}} beim Gewinnspiel „{{campaign_title}}“ gewonnen, und der Gewinn wartet noch auf dich.</p>
${prizeImage}
<p>Du hast noch {{time_left}}: Bitte löse ihn bis {{claim_deadline}} ein; danach kann der Gewinn an jemand anderen gehen.</p>
{{button}}
${PERSONAL_AND_CONTACT("Dieser Link ist persönlich: Er wurde nur an {{email}} geschickt.")}`,
    },
    choices: { mug: "deine Farbe", shirt: "Größe, Schnitt und Farbe" },
    timeLeft: { "3 days": "3 Tage", "1 day": "1 Tag" },
    sms: {
      winner:
        "{{brand}}: Du hast {{prize}} gewonnen! Löse deinen Gewinn bis {{deadline}} ein: {{link}} Antworte STOP, um keine SMS mehr zu bekommen.",
      claimReminder:
        "{{brand}}: Noch {{time_left}}, um deinen Gewinn {{prize}} einzulösen: {{link}} Antworte STOP, um keine SMS mehr zu bekommen.",
    },
    bonusGift: "Bonusgeschenk: {{value}}",
    giftCode: "Geschenkcode: {{value}}",
    howToRedeem: "So löst du es ein: {{value}}",
    theBrand: "die Marke",
    contactReply: "Fragen zu deinem Gewinn? Antworte einfach auf diese E-Mail, dann erreichst du {{brand}} ({{support}}).",
    contactForm:
      "Fragen zu deinem Gewinn? Bitte antworte nicht auf diese E-Mail (das Postfach liest niemand), sondern schreib uns über unser Kontaktformular: {{url}}.",
    grandPrize: {
      named: { "t-shirt": "das T-Shirt „{{name}}“", hoodie: "den Hoodie „{{name}}“", mug: "die Tasse „{{name}}“" },
      alone: { "t-shirt": "ein T-Shirt", hoodie: "einen Hoodie", mug: "eine Tasse" },
    },
  },
  pt: {
    claimButton: "Resgatar meu prêmio",
    winner: {
      subject: "Você ganhou {{prize_name}} de {{brand_name}}!",
      body: `<p>Parabéns!</p>
<p>Você ganhou <strong>{{prize_name}}</strong> de {{brand_name}}, sorteado ao acaso no sorteio “{{campaign_title}}”.</p>
${prizeImage}
<p>Para resgatar seu prêmio, escolha {{claim_choices}} e diga para onde devemos enviá-lo:</p>
{{button}}
<p>Resgate até {{claim_deadline}}; depois disso, o prêmio pode ir para outro participante.</p>
${BONUS_LINES}
${PERSONAL_AND_CONTACT("Este link é pessoal: ele foi enviado só para {{email}}.")}`,
    },
    claimReminder: {
      subject: "Só mais {{time_left}} para resgatar {{prize_name}} de {{brand_name}}",
      body: `<p>Você ganhou <strong>{{prize_name}}</strong> de {{brand_name}} no sorteio “{{campaign_title}}”, e ele ainda está esperando por você.</p>
${prizeImage}
<p>Você tem só mais {{time_left}}: resgate até {{claim_deadline}}; depois disso, o prêmio pode ir para outro participante.</p>
{{button}}
${PERSONAL_AND_CONTACT("Este link é pessoal: ele foi enviado só para {{email}}.")}`,
    },
    choices: { mug: "a cor", shirt: "o tamanho, o modelo e a cor" },
    timeLeft: { "3 days": "3 dias", "1 day": "1 dia" },
    sms: {
      winner: "{{brand}}: você ganhou {{prize}}! Resgate até {{deadline}}: {{link}} Responda STOP para não receber mais mensagens.",
      claimReminder:
        "{{brand}}: você tem {{time_left}} para resgatar seu prêmio, {{prize}}: {{link}} Responda STOP para não receber mais mensagens.",
    },
    bonusGift: "Brinde extra: {{value}}",
    giftCode: "Código do brinde: {{value}}",
    howToRedeem: "Como usar: {{value}}",
    theBrand: "a marca",
    contactReply: "Dúvidas sobre seu prêmio? Responda a este e-mail para falar com {{brand}} ({{support}}).",
    contactForm:
      "Dúvidas sobre seu prêmio? Não responda a este e-mail (ninguém lê essa caixa): escreva para nós pelo formulário de contato em {{url}}.",
    grandPrize: {
      named: { "t-shirt": "a camiseta “{{name}}”", hoodie: "o moletom “{{name}}”", mug: "a caneca “{{name}}”" },
      alone: { "t-shirt": "uma camiseta", hoodie: "um moletom", mug: "uma caneca" },
    },
  },
};

/** The 48-hour reminder and the shipping notice in each language (decision 097), with their tokens' words. */
interface LaterWords {
  reminder: { subject: string; body: string; offer: string };
  shipped: {
    subject: string;
    body: string;
    trackOn: string;
    track: string;
    seeOrder: string;
    notYet: string;
    theCarrier: string;
  };
}

const SHIPPED_LINK = `<a href="{{order_link}}">{{order_link}}</a>`;

const LATER_WORDS: Record<Exclude<EntrantLanguage, "en">, LaterWords> = {
  es: {
    reminder: {
      subject: "Quedan 48 horas: {{campaign_title}}",
      body: "<p>El sorteo <strong>{{campaign_title}}</strong> de {{brand_name}} termina el {{campaign_end_date}}.</p>",
      offer:
        "Ya estás participando. Aún tienes tiempo de ganar {{bonus}} participaciones extra por cada amigo que participe con tu enlace y confirme:",
    },
    shipped: {
      subject: "Tu premio de {{campaign_title}} ya está en camino",
      body: `<p>Tu premio de <strong>{{campaign_title}}</strong> de {{brand_name}} ya se ha enviado.</p>
<p>Transportista: {{carrier}}<br>Número de seguimiento: {{tracking_number}}</p>
{{button}}
<p>Dónde está tu premio, en cualquier momento: ${SHIPPED_LINK}</p>
<p>¡Que lo disfrutes!</p>`,
      trackOn: "Sigue tu paquete en {{carrier}}",
      track: "Sigue tu paquete",
      seeOrder: "Ver tu pedido",
      notYet: "aún no disponible",
      theCarrier: "la empresa de transporte",
    },
  },
  fr: {
    reminder: {
      subject: "Plus que 48\u00a0heures\u00a0: {{campaign_title}}",
      body: "<p>Le jeu-concours <strong>{{campaign_title}}</strong> de {{brand_name}} se termine le {{campaign_end_date}}.</p>",
      offer:
        "Vous participez déjà. Il est encore temps de gagner {{bonus}}\u00a0participations supplémentaires pour chaque ami qui participe avec votre lien et confirme\u00a0:",
    },
    shipped: {
      subject: "Votre lot {{campaign_title}} est en route",
      body: `<p>Votre lot du jeu-concours <strong>{{campaign_title}}</strong> de {{brand_name}} a été expédié.</p>
<p>Transporteur\u00a0: {{carrier}}<br>Numéro de suivi\u00a0: {{tracking_number}}</p>
{{button}}
<p>Où en est votre lot, à tout moment\u00a0: ${SHIPPED_LINK}</p>
<p>Profitez-en bien\u00a0!</p>`,
      trackOn: "Suivre votre colis sur {{carrier}}",
      track: "Suivre votre colis",
      seeOrder: "Voir votre commande",
      notYet: "pas encore disponible",
      theCarrier: "le transporteur",
    },
  },
  de: {
    reminder: {
      subject: "Noch 48 Stunden: {{campaign_title}}",
      body: "<p>Das Gewinnspiel <strong>{{campaign_title}}</strong> von {{brand_name}} endet am {{campaign_end_date}}.</p>",
      offer:
        "Du bist dabei. Noch kannst du dir für jeden Freund, der über deinen Link mitmacht und bestätigt, {{bonus}} Bonus-Teilnahmen sichern:",
    },
    shipped: {
      subject: "Dein Gewinn aus {{campaign_title}} ist unterwegs",
      body: `<p>Dein Gewinn aus <strong>{{campaign_title}}</strong> von {{brand_name}} wurde verschickt.</p>
<p>Versanddienst: {{carrier}}<br>Sendungsnummer: {{tracking_number}}</p>
{{button}}
<p>Wo dein Gewinn gerade ist, jederzeit: ${SHIPPED_LINK}</p>
<p>Viel Freude damit!</p>`,
      trackOn: "Sendung bei {{carrier}} verfolgen",
      track: "Sendung verfolgen",
      seeOrder: "Deine Bestellung ansehen",
      notYet: "noch nicht verfügbar",
      theCarrier: "der Versanddienst",
    },
  },
  pt: {
    reminder: {
      subject: "Faltam 48 horas: {{campaign_title}}",
      body: "<p>O sorteio <strong>{{campaign_title}}</strong>, de {{brand_name}}, termina em {{campaign_end_date}}.</p>",
      offer:
        "Você já está participando. Ainda dá tempo de ganhar {{bonus}} participações extras por cada amigo que participar pelo seu link e confirmar:",
    },
    shipped: {
      subject: "Seu prêmio de {{campaign_title}} está a caminho",
      body: `<p>Seu prêmio de <strong>{{campaign_title}}</strong>, de {{brand_name}}, foi enviado.</p>
<p>Transportadora: {{carrier}}<br>Código de rastreio: {{tracking_number}}</p>
{{button}}
<p>Acompanhe seu prêmio a qualquer momento: ${SHIPPED_LINK}</p>
<p>Aproveite!</p>`,
      trackOn: "Rastrear seu pacote em {{carrier}}",
      track: "Rastrear seu pacote",
      seeOrder: "Ver seu pedido",
      notYet: "ainda não disponível",
      theCarrier: "a transportadora",
    },
  },
};

/**
 * The words the code puts into the 48-hour reminder's and the shipping notice's tokens, in
 * `language` (decision 097); null for English, whose words stay the code's own.
 */
export function laterTokenWords(language: EntrantLanguage | undefined) {
  if (!language || language === "en") return null;
  const words = LATER_WORDS[language];
  const winner = WINNER_WORDS[language];
  return {
    reminderOffer: (bonus: number) => fill(words.reminder.offer, { bonus: String(bonus) }),
    trackingLinkText: (tracked: boolean, carrier: string | null) =>
      !tracked ? words.shipped.seeOrder : carrier ? fill(words.shipped.trackOn, { carrier }) : words.shipped.track,
    notYet: words.shipped.notYet,
    theCarrier: words.shipped.theCarrier,
    theBrand: winner.theBrand,
  };
}

/** A 2nd or 3rd prize's emails (decision 050) in each language, and their tokens' words. */
interface TierWords {
  rank: Record<2 | 3, string>;
  won: { subject: string; body: string };
  delivered: { subject: string; body: string };
  yourCode: string;
  claimBefore: string;
  what: { merch: string; address: string; confirm: string };
}

const TIER_WORDS: Record<Exclude<EntrantLanguage, "en">, TierWords> = {
  es: {
    rank: { 2: "segundo", 3: "tercer" },
    won: {
      subject: "¡Has ganado {{prize_name}} de {{brand_name}}!",
      body: `<p>¡Buenas noticias!</p>
<p>Has ganado el {{prize_rank}} premio de {{brand_name}} en el sorteo «{{campaign_title}}»: <strong>{{prize_name}}</strong>.</p>
${prizeImage}
<p>{{prize_instructions}}</p>
{{button}}
<p>Tienes de plazo hasta el {{claim_deadline}}; después, el premio puede pasar a otro participante.</p>
${PERSONAL_AND_CONTACT("Este enlace es personal: solo se ha enviado a {{email}}.")}`,
    },
    delivered: {
      subject: "Tu premio de {{campaign_title}} ya se ha entregado",
      body: `<p>¡Buenas noticias!</p>
<p>{{brand_name}} ha marcado como entregado tu {{prize_rank}} premio de <strong>{{campaign_title}}</strong>: <strong>{{prize_title}}</strong>.</p>
<p>Tu premio: <a href="{{claim_link}}">{{claim_link}}</a></p>
<p>Si no te ha llegado, díselo a {{brand_name}}. {{contact_line}}</p>
<p>¡Que lo disfrutes!</p>`,
    },
    yourCode: "Tu código: {{code}}. ",
    claimBefore: "Reclama tu premio con tu enlace personal antes del {{deadline}}: {{what}}.",
    what: {
      merch: "elige {{choices}} y dinos adónde te lo enviamos",
      address: "dile a {{brand}} adónde te lo envía",
      confirm: "confirma que eres tú (y cuéntale a {{brand}} lo que necesite para entregártelo)",
    },
  },
  fr: {
    rank: { 2: "deuxième", 3: "troisième" },
    won: {
      subject: "Vous avez gagné {{prize_name}} de {{brand_name}}\u00a0!",
      body: `<p>Bonne nouvelle\u00a0!</p>
<p>Vous avez gagné le {{prize_rank}} lot de {{brand_name}} au jeu-concours «\u00a0{{campaign_title}}\u00a0»\u00a0: <strong>{{prize_name}}</strong>.</p>
${prizeImage}
<p>{{prize_instructions}}</p>
{{button}}
<p>Réclamez-le avant le {{claim_deadline}}\u00a0; passé ce délai, le lot pourra revenir à un autre participant.</p>
${PERSONAL_AND_CONTACT("Ce lien est personnel\u00a0: il n'a été envoyé qu'à {{email}}.")}`,
    },
    delivered: {
      subject: "Votre lot {{campaign_title}} a été livré",
      body: `<p>Bonne nouvelle\u00a0!</p>
<p>{{brand_name}} a indiqué que votre {{prize_rank}} lot du jeu-concours <strong>{{campaign_title}}</strong> a été livré\u00a0: <strong>{{prize_title}}</strong>.</p>
<p>Votre lot\u00a0: <a href="{{claim_link}}">{{claim_link}}</a></p>
<p>S'il ne vous est pas parvenu, prévenez {{brand_name}}. {{contact_line}}</p>
<p>Profitez-en bien\u00a0!</p>`,
    },
    yourCode: "Votre code\u00a0: {{code}}. ",
    claimBefore: "Réclamez votre lot avec votre lien personnel avant le {{deadline}}\u00a0: {{what}}.",
    what: {
      merch: "choisissez {{choices}} et indiquez-nous où l'envoyer",
      address: "indiquez à {{brand}} où l'envoyer",
      confirm: "confirmez que c'est bien vous (et dites à {{brand}} ce dont elle a besoin pour vous le remettre)",
    },
  },
  de: {
    rank: { 2: "zweiten", 3: "dritten" },
    won: {
      subject: "Du hast {{prize_name}} von {{brand_name}} gewonnen!",
      body: `<p>Gute Nachrichten!</p>
<p>Du hast beim Gewinnspiel „{{campaign_title}}“ den {{prize_rank}} Preis von {{brand_name}} gewonnen: <strong>{{prize_name}}</strong>.</p>
${prizeImage}
<p>{{prize_instructions}}</p>
{{button}}
<p>Bitte löse ihn bis {{claim_deadline}} ein; danach kann der Gewinn an jemand anderen gehen.</p>
${PERSONAL_AND_CONTACT("Dieser Link ist persönlich: Er wurde nur an {{email}} geschickt.")}`,
    },
    delivered: {
      subject: "Dein Gewinn aus {{campaign_title}} wurde zugestellt",
      body: `<p>Gute Nachrichten!</p>
<p>{{brand_name}} hat deinen {{prize_rank}} Preis aus <strong>{{campaign_title}}</strong> als zugestellt markiert: <strong>{{prize_title}}</strong>.</p>
<p>Dein Gewinn: <a href="{{claim_link}}">{{claim_link}}</a></p>
<p>Falls er nicht bei dir angekommen ist, sag {{brand_name}} Bescheid. {{contact_line}}</p>
<p>Viel Freude damit!</p>`,
    },
    yourCode: "Dein Code: {{code}}. ",
    claimBefore: "Löse deinen Gewinn bis {{deadline}} mit deinem persönlichen Link ein: {{what}}.",
    what: {
      merch: "Wähle {{choices}} und sag uns, wohin wir ihn schicken sollen",
      address: "Sag {{brand}}, wohin der Gewinn gehen soll",
      confirm: "Bestätige, dass du es bist (und sag {{brand}}, was für die Zustellung nötig ist)",
    },
  },
  pt: {
    rank: { 2: "segundo", 3: "terceiro" },
    won: {
      subject: "Você ganhou {{prize_name}} de {{brand_name}}!",
      body: `<p>Boa notícia!</p>
<p>Você ganhou o {{prize_rank}} prêmio de {{brand_name}} no sorteio “{{campaign_title}}”: <strong>{{prize_name}}</strong>.</p>
${prizeImage}
<p>{{prize_instructions}}</p>
{{button}}
<p>Resgate até {{claim_deadline}}; depois disso, o prêmio pode ir para outro participante.</p>
${PERSONAL_AND_CONTACT("Este link é pessoal: ele foi enviado só para {{email}}.")}`,
    },
    delivered: {
      subject: "Seu prêmio de {{campaign_title}} foi entregue",
      body: `<p>Boa notícia!</p>
<p>{{brand_name}} marcou como entregue seu {{prize_rank}} prêmio de <strong>{{campaign_title}}</strong>: <strong>{{prize_title}}</strong>.</p>
<p>Seu prêmio: <a href="{{claim_link}}">{{claim_link}}</a></p>
<p>Se ele não chegou, avise {{brand_name}}. {{contact_line}}</p>
<p>Aproveite!</p>`,
    },
    yourCode: "Seu código: {{code}}. ",
    claimBefore: "Resgate seu prêmio com seu link pessoal até {{deadline}}: {{what}}.",
    what: {
      merch: "escolha {{choices}} e diga para onde devemos enviá-lo",
      address: "diga a {{brand}} para onde enviá-lo",
      confirm: "confirme que é você (e diga a {{brand}} o que for preciso para a entrega)",
    },
  },
};

/** A 2nd or 3rd prize's token words in `language` (decision 097); null for English. */
export function tierTokenWords(language: EntrantLanguage | undefined) {
  if (!language || language === "en") return null;
  const words = TIER_WORDS[language];
  const winner = WINNER_WORDS[language];
  return {
    rank: (rank: number) => words.rank[rank as 2 | 3] ?? `#${rank}`,
    instructions: (
      code: string,
      deadline: string,
      how: { kind: "merch"; productType: string } | { kind: "address" | "confirm"; brand: string },
    ) => {
      const what =
        how.kind === "merch"
          ? fill(words.what.merch, { choices: how.productType === "mug" ? winner.choices.mug : winner.choices.shirt })
          : fill(words.what[how.kind], { brand: how.brand || winner.theBrand });
      return `${code ? fill(words.yourCode, { code }) : ""}${fill(words.claimBefore, { deadline, what })}`;
    },
  };
}

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (all, key: string) => values[key] ?? all);

/**
 * The words the code puts into a winner's email tokens, in `language` (decision 097); null for
 * English, whose words stay the code's own (the spec's texts).
 */
export function winnerTokenWords(language: EntrantLanguage | undefined) {
  if (!language || language === "en") return null;
  const words = WINNER_WORDS[language];
  return {
    claimChoices: (productType: string) => (productType === "mug" ? words.choices.mug : words.choices.shirt),
    timeLeft: (english: string) => words.timeLeft[english as "3 days" | "1 day"] ?? english,
    bonusGift: (value: string) => fill(words.bonusGift, { value }),
    giftCode: (value: string) => fill(words.giftCode, { value }),
    howToRedeem: (value: string) => fill(words.howToRedeem, { value }),
    contactReply: (brand: string, support: string) => fill(words.contactReply, { brand: brand || words.theBrand, support }),
    contactForm: (url: string) => fill(words.contactForm, { url }),
    grandPrize: (title: string, productType: string) => {
      const product: ProductKey = productType === "hoodie" || productType === "mug" ? productType : "t-shirt";
      const name = grandPrizeTitle(title);
      return name ? fill(words.grandPrize.named[product], { name }) : words.grandPrize.alone[product];
    },
  };
}

/** The winner's text messages in `language` (decision 097); English's are SMS_TEXTS. */
export function winnerSmsTexts(language: EntrantLanguage | undefined): SmsTexts {
  return !language || language === "en" ? SMS_TEXTS : WINNER_WORDS[language].sms;
}

/** The templates written for each language (the others stay the admin's English ones for now). */
export const TRANSLATED_ENTRANT_TEMPLATES = [
  "entry_confirm_request",
  "entry_confirmation",
  "winner_notification",
  "claim_reminder",
  "reminder_48h",
  "order_shipped",
  "additional_prize_winner",
  "gift_delivered",
  // The entry list's notice (its campaign's language) and the data link (the requester's, as the data pages): notice-emails.ts
  "list_frozen",
  "data_request",
] as const;

/**
 * `template` in `language`, as an EmailTemplate row's subject and body, or null when it is English
 * or not written in that language yet (the admin's English template is then used).
 */
export function translatedEntrantTemplate(
  template: string,
  language: EntrantLanguage | undefined,
): { subject: string; htmlBody: string } | null {
  if (!language || language === "en") return null;
  const words = WORDS[language];
  const footer = `<p style="font-size:12px;color:#6b7280">${words.dataLine}</p>`;
  if (template === "entry_confirm_request")
    return {
      subject: words.confirmRequest.subject,
      htmlBody: emailLayout(`${words.confirmRequest.body(button("{{confirm_link}}", CONFIRM_BUTTON[language]))}\n${DRAW_LINES}\n${footer}`),
    };
  if (template === "entry_confirmation")
    return {
      subject: words.confirmation.subject,
      htmlBody: emailLayout(`${words.confirmation.body}\n${REFERRAL_LINES}\n${ACTION_LINES}\n${DRAW_LINES}\n${footer}`),
    };
  if (template === "winner_notification" || template === "claim_reminder") {
    const winner = WINNER_WORDS[language];
    const email = template === "winner_notification" ? winner.winner : winner.claimReminder;
    return {
      subject: email.subject,
      htmlBody: emailLayout(`${brandLogo}\n${email.body.replace("{{button}}", button("{{claim_link}}", winner.claimButton))}\n${footer}`),
    };
  }
  if (template === "reminder_48h") {
    const reminder = LATER_WORDS[language].reminder;
    return {
      subject: reminder.subject,
      htmlBody: emailLayout(
        `${reminder.body}\n<p>{{referral_offer}}</p>\n<p><a href="{{referral_link}}">{{referral_link}}</a></p>\n${footer}`,
      ),
    };
  }
  if (template === "order_shipped") {
    const shipped = LATER_WORDS[language].shipped;
    return {
      subject: shipped.subject,
      htmlBody: emailLayout(
        `${shipped.body.replace("{{button}}", button("{{tracking_url}}", "{{tracking_link_text}}"))}\n<p>{{contact_line}}</p>\n${footer}`,
      ),
    };
  }
  if (template === "additional_prize_winner") {
    const tier = TIER_WORDS[language].won;
    return {
      subject: tier.subject,
      htmlBody: emailLayout(
        `${brandLogo}\n${tier.body.replace("{{button}}", button("{{claim_link}}", WINNER_WORDS[language].claimButton))}\n${footer}`,
      ),
    };
  }
  if (template === "gift_delivered") {
    const delivered = TIER_WORDS[language].delivered;
    return { subject: delivered.subject, htmlBody: emailLayout(`${delivered.body}\n${footer}`) };
  }
  return noticeEmailTemplate(template, language, footer);
}
