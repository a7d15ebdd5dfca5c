/**
 * The "Entries are closed" notice (`list_frozen`, decision 093) and the data-page link
 * (`data_request`, decision 054) in the other languages (decision 097): the same tokens and layout
 * as the admin's English templates (email-template-defaults.ts), written for each language's readers.
 * `list_frozen` follows its campaign's language; `data_request` belongs to no campaign, so it follows
 * the requester's Accept-Language among all five, as the data pages do (`visitorLanguage`).
 */
import type { EntrantLanguage } from "../domain/entrant-language";
import { type AnchorWords, drawAnchorTokens, frozenRoundLine } from "../domain/draw-copies";
import { button, emailLayout } from "../domain/email-template-defaults";
import { entrantText } from "./entrant";
import { dateTimeWithUtc } from "./page-words";

type Other = Exclude<EntrantLanguage, "en">;

interface NoticeWords {
  frozen: {
    subject: string;
    /** The body before the button ({{round_line}}, the line, the hash) and after it. */
    body: string;
    button: string;
    after: string;
  };
  /** The round line's words: round, chain, due (" , due …" or ""), and the beacon-missing sentence. */
  roundLine: string;
  roundDue: string;
  /** The confirmation emails' draw lines (decision 093): the commitment, the planned round and its due time, or the round chosen at the freeze. */
  anchors: AnchorWords;
  request: { subject: string; before: string; button: string; after: string };
}

const CODE = 'style="word-break:break-all"';

const WORDS: Record<Other, NoticeWords> = {
  es: {
    frozen: {
      subject: "Participaciones cerradas: {{campaign_title}}",
      body: `<p>Las participaciones en <strong>{{campaign_title}}</strong> de {{brand_name}} están cerradas: la lista de participantes se cerró el {{frozen_at}}, y tu participación está en ella.</p>
<p>El SHA-256 de la lista (su huella):<br><code ${CODE}>{{list_sha256}}</code></p>
<p>Tu línea en la lista (<a href="{{draw_csv_link}}">draw.csv</a>), tal como está publicada:<br><code ${CODE}>{{entry_line}}</code></p>
<p>{{round_line}}</p>
<p>Guarda este correo. Antes y después del sorteo puedes comprobar que la lista publicada conserva esta huella y tu línea:</p>`,
      button: "Comprobar mi participación",
      after:
        "Recibes este correo porque participaste en este sorteo como {{email}}; es un aviso sobre tu participación y se envía una sola vez.",
    },
    roundLine:
      "El ganador se elige con la ronda {{round}} de la baliza {{chain}}{{due}}: no existía cuando se cerró la lista, así que nadie pudo ajustar la lista a ella. Si la baliza de esa ronda sigue sin estar disponible 24 horas después de su hora, el sorteo se hace sin ella y su página lo indica.",
    roundDue: ", prevista para el {{time}}",
    anchors: {
      commitment:
        "El sorteo queda fijado de antemano por su compromiso, el SHA-256 de un secreto que solo se revela después del sorteo: {{commitment}}. Guarda este correo: el registro del sorteo debe mostrar el mismo compromiso.",
      planned:
        "El sorteo usará la ronda {{round}} de la baliza {{chain}}{{due}}, cuyo valor nadie puede conocer antes. Si la lista de participantes se cierra tarde, se usa una ronda posterior, publicada con la lista. Si la baliza de esa ronda sigue sin estar disponible 24 horas después de su hora, el sorteo se hace sin ella y su página lo indica.",
      plannedDue: " (prevista para el {{time}})",
      unplanned:
        "La ronda de la baliza que aporta al sorteo un azar que nadie puede conocer se elige cuando se cierra la lista de participantes al final del sorteo, y se publica con la lista antes de que esa ronda exista.",
    },
    request: {
      subject: "Tus datos en Giveawear",
      before: `<p>Hola:</p>
<p>Has pedido ver los datos que Giveawear guarda de {{email}}: tus participaciones en sorteos, tus consentimientos y los premios que hayas ganado.</p>`,
      button: "Ver mis datos",
      after: `<p>En esa página puedes descargarlo todo, dejar de recibir correos promocionales de las marcas o borrar tus datos. El enlace funciona durante {{link_days}} días y solo para esta dirección.</p>
<p>Si no lo has pedido tú, ignora este correo: nada cambia si no usas el enlace.</p>`,
    },
  },
  fr: {
    frozen: {
      subject: "Participations closes\u00a0: {{campaign_title}}",
      body: `<p>Les participations à <strong>{{campaign_title}}</strong> de {{brand_name}} sont closes\u00a0: la liste des participations a été figée le {{frozen_at}}, et votre participation y figure.</p>
<p>Le SHA-256 de la liste (son empreinte)\u00a0:<br><code ${CODE}>{{list_sha256}}</code></p>
<p>Votre ligne dans la liste (<a href="{{draw_csv_link}}">draw.csv</a>), telle qu'elle est publiée\u00a0:<br><code ${CODE}>{{entry_line}}</code></p>
<p>{{round_line}}</p>
<p>Conservez cet e-mail. Avant et après le tirage, vous pouvez vérifier que la liste publiée a toujours cette empreinte et votre ligne\u00a0:</p>`,
      button: "Vérifier ma participation",
      after:
        "Vous recevez cet e-mail parce que vous avez participé à ce jeu-concours avec l'adresse {{email}}\u00a0; c'est un avis concernant votre participation, envoyé une seule fois.",
    },
    roundLine:
      "Le gagnant est tiré au sort avec le tour {{round}} de la balise {{chain}}{{due}}\u00a0: il n'existait pas quand la liste a été figée, donc personne n'a pu adapter la liste à ce tour. Si la balise de ce tour est toujours indisponible 24\u00a0heures après son heure, le tirage a lieu sans elle et sa page l'indique.",
    roundDue: ", prévu le {{time}}",
    anchors: {
      commitment:
        "Le tirage est fixé à l'avance par son engagement, le SHA-256 d'un secret révélé seulement après le tirage\u00a0: {{commitment}}. Gardez cet e-mail\u00a0: le registre du tirage doit afficher le même engagement.",
      planned:
        "Le tirage utilisera le tour {{round}} de la balise {{chain}}{{due}}, dont personne ne peut connaître la valeur avant. Si la liste des participations est figée en retard, un tour plus tardif est utilisé à la place et publié avec la liste. Si la balise de ce tour est toujours indisponible 24\u00a0heures après son heure, le tirage a lieu sans elle et sa page l'indique.",
      plannedDue: " (prévu le {{time}})",
      unplanned:
        "Le tour de la balise qui apporte au tirage un hasard que personne ne peut connaître est choisi quand la liste des participations est figée à la fin du jeu, et publié avec la liste avant que ce tour existe.",
    },
    request: {
      subject: "Vos données chez Giveawear",
      before: `<p>Bonjour,</p>
<p>Vous avez demandé à voir les données que Giveawear conserve pour {{email}}\u00a0: vos participations, vos consentements et les éventuels lots.</p>`,
      button: "Voir mes données",
      after: `<p>Sur cette page, vous pouvez tout télécharger, arrêter les e-mails promotionnels des marques ou effacer vos données. Le lien fonctionne pendant {{link_days}}\u00a0jours et uniquement pour cette adresse.</p>
<p>Si vous n'avez rien demandé, ignorez cet e-mail\u00a0: rien ne change tant que vous n'utilisez pas le lien.</p>`,
    },
  },
  de: {
    frozen: {
      subject: "Teilnahme beendet: {{campaign_title}}",
      body: `<p>Die Teilnahme an <strong>{{campaign_title}}</strong> von {{brand_name}} ist beendet: Die Teilnehmerliste wurde am {{frozen_at}} festgeschrieben, und deine Teilnahme steht darin.</p>
<p>Der SHA-256 der Liste (ihr Fingerabdruck):<br><code ${CODE}>{{list_sha256}}</code></p>
<p>Deine Zeile in der Liste (<a href="{{draw_csv_link}}">draw.csv</a>), genau wie veröffentlicht:<br><code ${CODE}>{{entry_line}}</code></p>
<p>{{round_line}}</p>
<p>Heb diese E-Mail auf. Vor und nach der Auslosung kannst du prüfen, ob die veröffentlichte Liste noch diesen Fingerabdruck und deine Zeile hat:</p>`,
      button: "Meine Teilnahme prüfen",
      after:
        "Du erhältst diese E-Mail, weil du mit {{email}} an diesem Gewinnspiel teilgenommen hast; sie ist ein einmaliger Hinweis zu deiner Teilnahme.",
    },
    roundLine:
      "Der Gewinner wird mit Runde {{round}} des Beacons {{chain}}{{due}} ausgelost: Diese Runde gab es noch nicht, als die Liste festgeschrieben wurde, also konnte niemand die Liste darauf zuschneiden. Ist der Beacon dieser Runde 24 Stunden nach ihrem Zeitpunkt noch immer nicht verfügbar, findet die Auslosung ohne ihn statt, und ihre Seite sagt es.",
    roundDue: ", die am {{time}} fällig ist,",
    anchors: {
      commitment:
        "Die Auslosung ist vorab durch ihre Festlegung bestimmt, den SHA-256 eines Geheimnisses, das erst nach der Auslosung offengelegt wird: {{commitment}}. Bewahre diese E-Mail auf: Das Protokoll der Auslosung muss dieselbe Festlegung zeigen.",
      planned:
        "Die Auslosung verwendet Runde {{round}} des Beacons {{chain}}{{due}}, deren Wert vorher niemand kennen kann. Wird die Teilnahmeliste verspätet festgeschrieben, wird stattdessen eine spätere Runde verwendet und mit der Liste veröffentlicht. Ist der Beacon dieser Runde 24 Stunden nach ihrem Zeitpunkt noch immer nicht verfügbar, findet die Auslosung ohne ihn statt, und ihre Seite sagt es.",
      plannedDue: " (fällig am {{time}})",
      unplanned:
        "Die Beacon-Runde, die der Auslosung einen Zufall beimischt, den niemand kennen kann, wird gewählt, wenn die Teilnahmeliste am Ende des Gewinnspiels festgeschrieben wird, und mit der Liste veröffentlicht, bevor es diese Runde gibt.",
    },
    request: {
      subject: "Deine Daten bei Giveawear",
      before: `<p>Hallo,</p>
<p>Du wolltest sehen, welche Daten Giveawear zu {{email}} speichert: deine Teilnahmen an Gewinnspielen, deine Einwilligungen und etwaige Preise.</p>`,
      button: "Meine Daten ansehen",
      after: `<p>Auf dieser Seite kannst du alles herunterladen, Werbe-E-Mails der Marken abbestellen oder deine Daten löschen. Der Link gilt {{link_days}} Tage und nur für diese Adresse.</p>
<p>Falls du das nicht angefordert hast, ignoriere diese E-Mail einfach: Ohne den Link ändert sich nichts.</p>`,
    },
  },
  pt: {
    frozen: {
      subject: "Participações encerradas: {{campaign_title}}",
      body: `<p>As participações em <strong>{{campaign_title}}</strong> de {{brand_name}} estão encerradas: a lista de participantes foi fechada em {{frozen_at}}, e a sua participação está nela.</p>
<p>O SHA-256 da lista (a impressão digital dela):<br><code ${CODE}>{{list_sha256}}</code></p>
<p>Sua linha na lista (<a href="{{draw_csv_link}}">draw.csv</a>), exatamente como foi publicada:<br><code ${CODE}>{{entry_line}}</code></p>
<p>{{round_line}}</p>
<p>Guarde este e-mail. Antes e depois do sorteio, você pode conferir se a lista publicada ainda tem essa impressão digital e a sua linha:</p>`,
      button: "Conferir minha participação",
      after:
        "Você recebeu este e-mail porque participou deste sorteio como {{email}}; é um aviso sobre a sua participação, enviado uma única vez.",
    },
    roundLine:
      "O ganhador é sorteado com a rodada {{round}} do beacon {{chain}}{{due}}: ela não existia quando a lista foi fechada, então ninguém pôde ajustar a lista a ela. Se o beacon dessa rodada ainda estiver indisponível 24 horas depois do horário dela, o sorteio acontece sem ele e a página do sorteio informa isso.",
    roundDue: ", prevista para {{time}}",
    anchors: {
      commitment:
        "O sorteio é fixado de antemão pelo seu compromisso, o SHA-256 de um segredo revelado só depois do sorteio: {{commitment}}. Guarde este e-mail: o registro do sorteio deve mostrar o mesmo compromisso.",
      planned:
        "O sorteio usará a rodada {{round}} do beacon {{chain}}{{due}}, cujo valor ninguém pode conhecer antes. Se a lista de participações for fechada com atraso, uma rodada posterior é usada no lugar e publicada com a lista. Se o beacon dessa rodada ainda estiver indisponível 24 horas depois do horário dela, o sorteio acontece sem ele e a página do sorteio informa isso.",
      plannedDue: " (prevista para {{time}})",
      unplanned:
        "A rodada do beacon que traz ao sorteio um acaso que ninguém pode conhecer é escolhida quando a lista de participações é fechada no fim do sorteio, e publicada com a lista antes de essa rodada existir.",
    },
    request: {
      subject: "Seus dados na Giveawear",
      before: `<p>Olá,</p>
<p>Você pediu para ver os dados que a Giveawear guarda sobre {{email}}: suas participações em sorteios, seus consentimentos e eventuais prêmios.</p>`,
      button: "Ver meus dados",
      after: `<p>Nessa página, você pode baixar tudo, parar de receber e-mails promocionais das marcas ou apagar seus dados. O link funciona por {{link_days}} dias e só para este endereço.</p>
<p>Se não foi você que pediu, ignore este e-mail: nada muda se você não usar o link.</p>`,
    },
  },
};

/** `list_frozen` or `data_request` in `language`; null for English or another template. `footer` is the language's data-page line. */
export function noticeEmailTemplate(template: string, language: Other, footer: string): { subject: string; htmlBody: string } | null {
  const words = WORDS[language];
  if (template === "list_frozen")
    return {
      subject: words.frozen.subject,
      htmlBody: emailLayout(
        `${words.frozen.body}\n${button("{{check_link}}", words.frozen.button)}\n<p style="font-size:12px;color:#6b7280">${words.frozen.after}</p>\n${footer}`,
      ),
    };
  if (template === "data_request")
    return {
      subject: words.request.subject,
      htmlBody: emailLayout(`${words.request.before}\n${button("{{data_link}}", words.request.button)}\n${words.request.after}`),
    };
  return null;
}

/**
 * The notice's round line in `language` (decision 097): `frozenRoundLine` with the language's words,
 * the round's time already in its date words.
 */
export function frozenRoundLineIn(language: EntrantLanguage, round: number, chainLabel: string, roundTime: string | null): string {
  return language === "en" ? frozenRoundLine(round, chainLabel, roundTime) : frozenRoundLine(round, chainLabel, roundTime, WORDS[language]);
}

/**
 * The confirmation emails' draw lines in `language` (decision 097): `drawAnchorTokens` with the
 * language's words, the round's time in its date words with the UTC instant.
 */
export function drawAnchorTokensIn(
  language: EntrantLanguage,
  campaign: Parameters<typeof drawAnchorTokens>[0],
): ReturnType<typeof drawAnchorTokens> {
  if (language === "en") return drawAnchorTokens(campaign);
  const text = entrantText(language);
  return drawAnchorTokens(campaign, WORDS[language].anchors, (instant, zone) => dateTimeWithUtc(text, instant, zone));
}
