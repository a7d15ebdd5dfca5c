/**
 * The entrants' confirmation emails in the other languages (decision 097). English is the admin's
 * own template (EmailTemplate rows, edited in the admin panel); these are the code's, written for
 * each language like the page's words, with the same tokens and layout. The data-page line is
 * each language's own (decision 054).
 */
import type { EntrantLanguage } from "../domain/entrant-language";
import { button, emailLayout } from "../domain/email-template-defaults";

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

/** The templates written for each language (the others stay the admin's English ones for now). */
export const TRANSLATED_ENTRANT_TEMPLATES = ["entry_confirm_request", "entry_confirmation"] as const;

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
  return null;
}
