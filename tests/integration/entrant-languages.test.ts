/**
 * The entrant's language (decision 097) over real HTTP against the app as production mounts it,
 * page cache and entry lane included: a Spanish campaign's page, its lane's and its action's
 * answers and its emails are Spanish; a campaign that allows other languages gives each visitor
 * the one their Accept-Language prefers, each from its own cached render.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENTRY_MESSAGES } from "~/domain/entries";
import { entrantText } from "~/i18n/entrant";
import { prisma } from "~/server/core/db.server";
import { startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { CookieJar, decodeHtml, HttpBrowser, pageText } from "../helpers/http";
import { confirmEntryByEmail } from "../helpers/entries";
import { ACTION_MESSAGES } from "~/domain/entry-actions";
import { notifyWinners } from "~/server/draw/notify.server";
import { sendClaimFollowUps } from "~/server/jobs/claim-reminders.server";
import { CLAIM, DAY, addEntry, claimPathFromEmail, drawnCampaign } from "../helpers/winners";
import { claimToken } from "~/server/claims/claim.server";
import { claimPath } from "~/paths";
import { sendDueReminders } from "~/server/jobs/reminders.server";

let url = "";
let close: () => Promise<void>;

beforeAll(async () => {
  // Long enough that no cached render below expires, however slow the machine.
  process.env.PUBLIC_PAGE_CACHE_MS = "60000";
  const server = await startAppServer();
  url = server.url;
  close = () => server.close();
}, 120_000);

afterAll(async () => {
  await close?.();
});

const es = entrantText("es");

function postEntry(campaignId: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${url}/campaign/${campaignId}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "Mozilla/5.0 (test) Chrome/124.0", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** React escapes apostrophes and quotes in text; compare with what the browser would read. */
const decoded = decodeHtml;

describe("a Spanish campaign", () => {
  it("serves its page in Spanish, from the page cache, with its dates the Spanish way", async () => {
    const campaign = await createCampaign({ language: "es", timeZone: "Europe/Madrid" });
    const first = await fetch(`${url}/campaign/${campaign.id}`, { headers: { "Accept-Language": "en-US,en;q=0.9" } });
    const html = decoded(await first.text());
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(first.headers.get("vary")).toContain("Accept-Language");
    expect(html).toContain('<html lang="es"');
    expect(html).toContain("Participar</button>");
    expect(html).toContain("Tengo 18 años o más y acepto las");
    expect(html).toContain("Tiempo para participar");
    expect(html).toContain(es.dateTime(campaign.endDate!, "Europe/Madrid"));
    expect(es.dateTime(campaign.endDate!, "Europe/Madrid")).toMatch(
      /^[a-záéíóúñ]+, \d{1,2} de [a-z]+ de \d{4}, \d\d:\d\d hora de Europa central$/,
    );
    expect(html).toContain("Bases oficiales (en inglés)");
    expect(html).not.toContain("Enter Now");
    // A visitor asking for English gets the same Spanish page: the campaign allows no other language.
    const again = await fetch(`${url}/campaign/${campaign.id}`, { headers: { "Accept-Language": "en-US,en;q=0.9" } });
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(decoded(await again.text())).toContain("Participar</button>");
  });

  it("takes an entry in the lane, says so in Spanish, and sends the confirm request in Spanish", async () => {
    const campaign = await createCampaign({ language: "es", timeZone: "Europe/Madrid" });
    const response = await postEntry(campaign.id, { email: "ana.garcia@example.com", agreedToTerms: "on", termsWording: "terms-v1-es" });
    expect(response.status).toBe(303);
    const jar = new CookieJar();
    jar.absorb(response);
    const page = decoded(await (await fetch(`${url}/campaign/${campaign.id}`, { headers: { Cookie: jar.header() } })).text());
    expect(page).toContain(es.t("checkEmail"));
    // The toast the lane set, in Spanish.
    expect(page).toContain(es.t("pendingExplained"));
    expect(page).toContain("Aún no cuenta: abre ese correo y pulsa «Confirmar mi participación».");

    const entry = await prisma.entry.findFirstOrThrow({ where: { campaignId: campaign.id } });
    expect(entry.termsWordingId).toBe("terms-v1-es");
    const email = await prisma.outboundEmail.findFirstOrThrow({
      where: { to: "ana.garcia@example.com", template: "entry_confirm_request" },
    });
    expect(email.subject).toBe(`Confirma tu participación: ${campaign.title}`);
    const body = decoded(email.html);
    expect(body).toContain("Confirmar mi participación");
    expect(body).toContain(es.dateTime(campaign.endDate!, "Europe/Madrid"));
    expect(body).toContain("tu página de datos");
    // The draw's anchors (decision 093) in Spanish too: the commitment, and the round chosen at the freeze.
    expect(body).toContain(`un secreto que solo se revela después del sorteo: ${campaign.drawCommitment}.`);
    expect(body).toContain("La ronda de la baliza que aporta al sorteo un azar que nadie puede conocer se elige cuando se cierra");
    expect(body).not.toContain("The draw is fixed in advance");

    // Confirming sends the receipt in Spanish too.
    const link = /href="[^"]*(\/campaign\/[^"]+\/confirm\/[^"]+)"/.exec(email.html)?.[1];
    expect(link).toBeTruthy();
    const confirmPage = decoded(await (await fetch(`${url}${link}`)).text());
    expect(confirmPage).toContain('<html lang="es"');
    expect(confirmPage).toContain("Confirma tu participación</h1>");
    expect(confirmPage).toContain("Confirmar mi participación</button>");
    const confirmed = await fetch(`${url}${link}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(confirmed.status).toBe(303);
    const receipt = await prisma.outboundEmail.findFirstOrThrow({
      where: { to: "ana.garcia@example.com", template: "entry_confirmation" },
    });
    expect(receipt.subject).toBe(`Ya participas: ${campaign.title}`);
    expect(decoded(receipt.html)).toContain("Tu participación está confirmada.");
  });

  it("refuses a bad form in Spanish (the lane hands it to the page's action)", async () => {
    const campaign = await createCampaign({ language: "es" });
    const noTerms = await postEntry(campaign.id, { email: "luis@example.com" });
    expect(noTerms.status).toBe(400);
    const html = decoded(await noTerms.text());
    expect(html).toContain("Debes aceptar los términos y condiciones.");
    expect(html).toContain("Hay un problema");
    expect(html).not.toContain(ENTRY_MESSAGES.termsRequired);

    const badEmail = await postEntry(campaign.id, { email: "not-an-email", agreedToTerms: "on" });
    expect(badEmail.status).toBe(400);
    expect(decoded(await badEmail.text())).toContain("Introduce un correo electrónico válido.");
  });
});

describe("a Spanish campaign's entry actions, personal link and embed", () => {
  const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";

  it("refuses and counts an action in Spanish, in the lane and in the route, with its list and toast", async () => {
    const campaign = await createCampaign({ language: "es" });
    const code = await prisma.entryAction.create({
      data: { campaignId: campaign.id, position: 0, kind: "code", label: "El código del boletín", bonus: 3, code: "PRIMAVERA" },
    });
    const path = `/campaign/${campaign.id}/actions/${code.id}`;
    const browser = new HttpBrowser(url, UA);
    expect((await browser.post(`/campaign/${campaign.id}`, { email: "marta@example.com", agreedToTerms: "on" })).status).toBe(303);

    // Not confirmed yet: refused in Spanish, nothing in English.
    const early = await browser.post(path, { code: "PRIMAVERA" });
    expect(early.status).toBe(403);
    const earlyPage = decoded(await early.text());
    expect(earlyPage).toContain('<html lang="es"');
    expect(earlyPage).toContain("<title>Participaciones extra · Giveawear</title>");
    expect(earlyPage).toContain(`${es.t("notCounted")}</h1>`);
    expect(earlyPage).toContain(es.t("refusedNotConfirmed"));
    expect(earlyPage).not.toContain(ACTION_MESSAGES.notConfirmed);

    const entry = await prisma.entry.findFirstOrThrow({ where: { campaignId: campaign.id, email: "marta@example.com" } });
    browser.absorb(await confirmEntryByEmail(url, entry.id));
    // A wrong code (refused by the lane, answered by the route) and the form again, in Spanish.
    const wrong = await browser.post(path, { code: "OTOÑO" });
    expect(wrong.status).toBe(422);
    const wrongPage = decoded(await wrong.text()).replace(/<!-- -->/g, "");
    expect(wrongPage).toContain("Ese código no coincide. Revísalo y vuelve a intentarlo.");
    expect(wrongPage).toContain("Comprobar código</button>");
    expect(wrongPage).toContain("Te quedan 4 intentos.");
    expect(wrongPage).toContain("Volver a tu participación");

    // The right one: counted by the lane, whose toast and the entry's list speak Spanish.
    const right = await browser.post(path, { code: "primavera" });
    expect(right.status).toBe(303);
    const entered = decoded(await (await browser.get(`/campaign/${campaign.id}`)).text()).replace(/<!-- -->/g, "");
    expect(entered).toContain("Sumamos +3 participaciones. Tienes 4 participaciones.");
    expect(entered).toContain("Gana participaciones extra");
    expect(entered).toContain("Tienes 4 participaciones</p>");
    expect(entered).toContain("Verificada");
    // Its share buttons' prefilled words too.
    expect(entered).toContain(encodeURIComponent(`Participa en «${campaign.title}»`));
    expect(entered).not.toContain("Earn bonus entries");

    // The tracked link's refusal, in Spanish.
    const go = await browser.get(`/campaign/${campaign.id}/actions/nosuchaction1/go`);
    expect(go.status).toBe(404);
    expect(await go.text()).toBe(es.t("refusedUnknownAction"));
  });

  it("says a personal link is not valid in Spanish", async () => {
    const campaign = await createCampaign({ language: "es" });
    const response = await fetch(`${url}/campaign/${campaign.id}/entry/abc-0123`);
    expect(response.status).toBe(404);
    const html = decoded(await response.text());
    expect(html).toContain('<html lang="es"');
    expect(html).toContain("<title>Tu participación · Giveawear</title>");
    expect(html).toContain("Enlace no válido</h1>");
    expect(html).toContain(es.t("personalLinkInvalid"));
  });

  it("shows and answers the embed in Spanish, and in English to a visitor who prefers it where the campaign allows it", async () => {
    const campaign = await createCampaign({ language: "es", otherLanguages: "en", timeZone: "Europe/Madrid" });
    const card = decoded(await (await fetch(`${url}/campaign/${campaign.id}/embed`, { headers: { "Accept-Language": "es" } })).text());
    expect(card).toContain('<html lang="es"');
    expect(card).toContain(`<title>${campaign.title} · sorteo de ${campaign.brandName}</title>`);
    expect(card).toContain("Tiempo para participar:");
    expect(card).toContain(`Termina el ${es.dateTime(campaign.endDate!, "Europe/Madrid")}`);
    expect(card).toContain("Participar</button>");
    expect(card).toContain("Bases oficiales (en inglés)");

    const embedRefused = await fetch(`${url}/campaign/${campaign.id}/embed`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": UA, "Accept-Language": "es" },
      body: new URLSearchParams({ email: "not-an-email", agreedToTerms: "on" }).toString(),
    });
    expect(embedRefused.status).toBe(400);
    expect(decoded(await embedRefused.text())).toContain("Introduce un correo electrónico válido.");
    const taken = await fetch(`${url}/campaign/${campaign.id}/embed`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": UA, "Accept-Language": "es" },
      body: new URLSearchParams({ email: "pablo@example.com", agreedToTerms: "on" }).toString(),
    });
    expect(taken.status).toBe(200);
    const done = decoded(await taken.text());
    expect(done).toContain(es.t("checkEmail"));
    expect(done).toContain("Abrir la página del sorteo");

    const english = decoded(
      await (await fetch(`${url}/campaign/${campaign.id}/embed`, { headers: { "Accept-Language": "en-US,en;q=0.9" } })).text(),
    );
    expect(english).toContain('<html lang="en"');
    expect(english).toContain("Time left to enter:");
    expect(english).toContain(">Official rules<");
  });
});

describe("a campaign that allows several languages", () => {
  it("gives each visitor the allowed language their browser prefers, each its own cached render", async () => {
    const campaign = await createCampaign({ language: "es", otherLanguages: "en,pt" });
    const get = (acceptLanguage: string) => fetch(`${url}/campaign/${campaign.id}`, { headers: { "Accept-Language": acceptLanguage } });

    const portuguese = await get("pt-BR,pt;q=0.9");
    expect(portuguese.headers.get("x-page-cache")).toBe("miss");
    const pt = decoded(await portuguese.text());
    expect(pt).toContain('<html lang="pt"');
    expect(pt).toContain("Participar agora</button>");

    const english = await get("fr-FR, en-GB;q=0.8");
    expect(english.headers.get("x-page-cache")).toBe("miss");
    const en = decoded(await english.text());
    expect(en).toContain('<html lang="en"');
    expect(en).toContain("Enter Now</button>");

    // French is not offered: the campaign's own language.
    const french = decoded(await (await get("fr-FR")).text());
    expect(french).toContain('<html lang="es"');

    const again = await get("pt-BR,pt;q=0.9");
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(decoded(await again.text())).toContain("Participar agora</button>");

    // The action's answers follow the same choice.
    const refused = await postEntry(campaign.id, { email: "joao@example.com" }, { "Accept-Language": "pt-BR" });
    expect(refused.status).toBe(400);
    expect(decoded(await refused.text())).toContain("Você precisa aceitar os termos e condições.");
  });
});

describe("a Spanish campaign's winner", () => {
  it("gets the winner email and the claim reminder in Spanish, with the deadline the Spanish way", async () => {
    const { campaign, winner, deadline, prizeWinners } = await drawnCampaign({
      prizes: [{ rank: 2, title: "Tarjeta regalo de 25 €", code: "BUHO-25", kind: "gift", needsAddress: false }],
    });
    await prisma.campaign.update({
      where: { id: campaign.id },
      data: { language: "es", title: "Night Owl Club Tee", brandName: "Búho Labs" },
    });
    expect(await notifyWinners(campaign.id)).toBeGreaterThan(0);

    const email = await prisma.outboundEmail.findFirstOrThrow({ where: { to: winner.email, template: "winner_notification" } });
    // The grand prize named the Spanish way: the product, its article and the title quoted.
    expect(email.subject).toBe("¡Has ganado la camiseta «Night Owl Club Tee» de Búho Labs!");
    const body = decoded(email.html);
    expect(body).toContain("¡Enhorabuena!");
    expect(body).toContain("elige tu talla, estilo y color");
    expect(body).toContain("Reclamar mi premio</a>");
    expect(body).toContain(`Tienes de plazo hasta el ${es.dateTime(deadline, "UTC")}`);
    expect(es.dateTime(deadline, "UTC")).toMatch(/^[a-záéíóúñ]+, \d{1,2} de [a-z]+ de \d{4}(,| a las) \d\d:\d\d UTC$/);
    expect(body).toContain("Regalo extra: Studio gift card");
    expect(body).toContain("Código del regalo: GIFT-4242");
    expect(body).toContain("¿Dudas sobre tu premio?");
    expect(body).toContain("tu página de datos");
    expect(body).not.toMatch(/Congratulations|Claim your prize|Bonus gift|Questions about/);
    // The text part is the same words.
    expect(email.text).toContain("¡Enhorabuena!");

    // The 2nd prize's email is Spanish too, its instructions and rank included.
    const tier = await prisma.outboundEmail.findFirstOrThrow({
      where: { to: prizeWinners[0]!.email, template: "additional_prize_winner" },
    });
    expect(tier.subject).toBe("¡Has ganado Tarjeta regalo de 25 € de Búho Labs!");
    const tierBody = decoded(tier.html);
    expect(tierBody).toContain("Has ganado el segundo premio de Búho Labs");
    expect(tierBody).toContain("Tu código: BUHO-25. Reclama tu premio con tu enlace personal antes del ");
    expect(tierBody).toContain("confirma que eres tú (y cuéntale a Búho Labs lo que necesite para entregártelo).");
    expect(tierBody).not.toMatch(/Good news|Claim your prize|Your code|2nd/);

    const link = /http:\/\/localhost:3000(\/claim\/[A-Za-z0-9_.-]+)/.exec(email.text ?? "")?.[1];
    expect(link).toBe(await claimPathFromEmail(winner.email));

    await sendClaimFollowUps(new Date(deadline.getTime() - 3 * DAY + 60 * 60 * 1000));
    const reminder = await prisma.outboundEmail.findFirstOrThrow({ where: { to: winner.email, template: "claim_reminder" } });
    expect(reminder.subject).toBe("3 días para reclamar la camiseta «Night Owl Club Tee» de Búho Labs");
    const reminderBody = decoded(reminder.html);
    expect(reminderBody).toContain("Solo te quedan 3 días");
    expect(reminderBody).toContain(`antes del ${es.dateTime(deadline, "UTC")}`);
    expect(reminderBody).toContain("Reclamar mi premio</a>");
    expect(reminderBody).not.toMatch(/left to claim|Claim your prize|Questions about/);
  });
});

describe("a Spanish campaign's 48-hour reminder", () => {
  it("reminds its entrants in Spanish, the end date the Spanish way", async () => {
    // A pass far in the future, where this campaign is the only one due.
    const now = new Date(Date.now() + 600 * DAY);
    const endDate = new Date(now.getTime() + 30 * 60 * 60 * 1000);
    const startDate = new Date(endDate.getTime() - 7 * DAY);
    const campaign = await createCampaign({
      language: "es",
      timeZone: "Europe/Madrid",
      startDate,
      endDate,
      durationDays: 7,
      launchedAt: startDate,
      sendReminder: true,
    });
    const entry = await addEntry(campaign.id);
    expect((await sendDueReminders(now)).emails).toBe(1);
    const reminder = await prisma.outboundEmail.findFirstOrThrow({ where: { to: entry.email, template: "reminder_48h" } });
    expect(reminder.subject).toBe(`Quedan 48 horas: ${campaign.title}`);
    const body = decoded(reminder.html);
    expect(body).toContain(`termina el ${es.dateTime(endDate, "Europe/Madrid")}.`);
    expect(body).toMatch(/Ya estás participando\. Aún tienes tiempo de ganar \d+ participaciones extra|Comparte tu enlace personal/);
    expect(body).toContain("tu página de datos");
    expect(body).not.toMatch(/You are entered|ends on|Share your personal link/);
  });
});

describe("a Spanish campaign's claim page", () => {
  it("asks, refuses and thanks the winner in Spanish, the deadline the Spanish way on the campaign's clock", async () => {
    const { campaign, winner, deadline } = await drawnCampaign();
    await prisma.campaign.update({
      where: { id: campaign.id },
      data: { language: "es", timeZone: "Europe/Madrid", brandName: "Búho Labs" },
    });
    const path = claimPath(await claimToken({ campaignId: campaign.id, entryId: winner.id, deadline }));
    const get = async () => {
      const response = await fetch(`${url}${path}`, { headers: { "Accept-Language": "en-US,en;q=0.9" } });
      // React separates adjacent text with <!-- -->; the reader sees one sentence.
      return { status: response.status, html: decoded(await response.text()).replace(/<!-- -->/g, "") };
    };

    const form = await get();
    expect(form.status).toBe(200);
    expect(form.html).toContain('<html lang="es"');
    expect(form.html).toContain("<title>Reclama tu premio · Giveawear</title>");
    expect(form.html).toContain("¡Has ganado!");
    expect(form.html).toContain("Reclama tu premio</h1>");
    // "¡Enhorabuena! Elige la talla, el estilo y el color ... Tienes de plazo hasta el sábado, 5 de diciembre de 2026, 23:59 hora de Europa central."
    expect(form.html).toContain(
      "¡Enhorabuena! Elige la talla, el estilo y el color y dinos adónde te lo enviamos. Tienes de plazo hasta el ",
    );
    const madrid = es.dateTime(deadline, "Europe/Madrid");
    expect(madrid).toMatch(/^[a-záéíóúñ]+, \d{1,2} de [a-z]+ de \d{4}, \d\d:\d\d hora de Europa central$/);
    expect(form.html).toContain(`>${madrid}</time>`);
    for (const text of [
      "Tu elección",
      "Talla",
      "Corte de mujer",
      "Negro",
      "Dirección de envío",
      "Elige un país",
      "Estados Unidos",
      "Nombre completo",
    ]) {
      expect(form.html).toContain(text);
    }
    expect(form.html).toContain('value="Women\'s fit"'); // the value sent stays the catalogue's
    expect(form.html).toContain("Reclamar mi premio</button>");
    expect(form.html).toContain("La lista de ganadores");
    expect(form.html).toContain("Bases oficiales (en inglés)"); // the brand frame's footer
    expect(form.html).not.toMatch(/Claim your prize|Your choices|Shipping address|Claim My Prize|The winners list|United States/);

    // Without JavaScript: the refusal in Spanish, the country's own labels included.
    const bad = await fetch(`${url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "en" },
      body: new URLSearchParams({ ...CLAIM, size: "", shipName: "", shipRegion: "", shipPostalCode: "1" }),
    });
    expect(bad.status).toBe(400);
    const refused = decoded(await bad.text()).replace(/<!-- -->/g, "");
    expect(refused).toContain("Elige una talla.");
    expect(refused).toContain("Escribe tu nombre completo.");
    expect(refused).toContain("En este país hay que indicar «Estado».");
    expect(refused).toContain("Revisa «Código ZIP»: no parece válido (por ejemplo: 12345 o 12345-6789).");
    // The page as read (its hydration data keeps the form's own messages, which the browser translates the same way).
    expect(refused.slice(0, refused.indexOf("window.__reactRouterContext"))).not.toMatch(/Please choose|is required|Please enter/);

    const ok = await fetch(`${url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(CLAIM),
    });
    expect(ok.status).toBe(303);
    const claimed = await get();
    expect(claimed.status).toBe(200);
    expect(claimed.html).toContain("<title>Tu premio · Giveawear</title>");
    expect(claimed.html).toContain("Premio reclamado</h1>");
    expect(claimed.html).toContain("Preparándose para la impresión");
    expect(claimed.html).toContain("Arlington, Estados Unidos");
    const order = await prisma.order.findFirstOrThrow({ where: { campaignId: campaign.id } });
    expect(claimed.html).toMatch(new RegExp(`Reclamado el <time [^>]+>${es.dateTime(order.createdAt, "Europe/Madrid")}</time>`));
    expect(claimed.html.slice(0, claimed.html.indexOf("window.__reactRouterContext"))).not.toMatch(
      /Claim received|Ships to|Being prepared/,
    );
  });
});

describe("a Spanish campaign's Check my entry", () => {
  it("answers in Spanish on the draw page, whose record says it stays English", async () => {
    const campaign = await createCampaign({ language: "es", timeZone: "Europe/Madrid" });
    const response = await fetch(`${url}/campaign/${campaign.id}/draw?entry=abc123&hash=${"0".repeat(64)}`, {
      headers: { "Accept-Language": "en-US,en;q=0.9" },
    });
    expect(response.status).toBe(200);
    const html = decoded(await response.text()).replace(/<!-- -->/g, "");
    expect(html).toContain('<html lang="es"');
    expect(html).toContain("Comprueba tu participación</h2>");
    expect(html).toContain("Cuando la lista de participantes se cierre al terminar el sorteo, podrás pegar aquí tu ID de participación");
    // The answers, in words: the list is not frozen yet, so neither the entry nor the hash can be found in it.
    expect(html).toContain(es.t("checkNotFrozen"));
    expect(html).toContain("La lista de participantes aún no está cerrada, así que no tiene hash con el que comparar.");
    expect(html).toContain("Volver al sorteo");
    expect(html).toContain("El registro detallado que sigue está en inglés.");
    expect(html).toContain('<div lang="en">');
    expect(html).not.toMatch(/Check my entry|Come back then|is not frozen yet|Back to the giveaway/);
  });
});

describe("the entrant's data pages", () => {
  const read = pageText;

  function send(path: string, acceptLanguage: string | null, form?: Record<string, string>) {
    return fetch(`${url}${path}`, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        ...(acceptLanguage ? { "Accept-Language": acceptLanguage } : {}),
        ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
  }

  it("speak the visitor's language among all of ours, whatever the campaigns', else English", async () => {
    const { dataLinkToken } = await import("~/server/core/data-rights-link.server");
    const campaign = await createCampaign({ timeZone: "America/New_York" });
    const address = `datos-${Date.now()}@example.com`;
    const entered = await postEntry(campaign.id, {
      email: address,
      agreedToTerms: "on",
      termsWording: "terms-v1",
      marketingWording: "marketing-v1",
      marketingConsent: "on",
    });
    expect(entered.status).toBe(303);
    const path = `/privacy/my-data/${dataLinkToken(address)}`;

    const spanish = await send(path, "es-MX,es;q=0.9,en;q=0.5");
    expect(spanish.status).toBe(200);
    expect(spanish.headers.get("cache-control")).toBe("private, no-store");
    expect(spanish.headers.get("vary")).toContain("Accept-Language");
    const html = await spanish.text();
    expect(html).toContain('<html lang="es"');
    expect(html).toContain("<title>Tus datos · Giveawear</title>");
    const page = read(html);
    // The site's header and footer speak Spanish too, so nothing is marked English around the page.
    expect(html).not.toContain('lang="en" class="contents"');
    expect(page).toContain("Ir al contenido");
    expect(page).toContain("Cómo funciona");
    expect(page).toContain("Política de privacidad (en inglés)");
    expect(page).toContain("Todos los derechos reservados.");
    expect(page).toContain(`Lo que Giveawear guarda de ${address}: 1 participación en sorteos y 1 correo que te hemos enviado.`);
    expect(page).toMatch(/Este enlace funciona hasta el \d{1,2} de [a-z]+ de \d{4}(,| a las) \d\d:\d\d UTC\./);
    expect(page).toContain("Descargar todos mis datos (JSON)");
    expect(page).toContain("Retirar todos los consentimientos de marketing");
    expect(page).toContain("Borrar mis datos…");
    expect(page).toContain("Tus participaciones");
    expect(page).toContain("EstadoPendiente de que la confirmes desde el correo que te enviamos");
    expect(page).toContain("Participaciones en el sorteo1");
    expect(page).toMatch(/Participaste\d{1,2} de [a-z]+ de \d{4}(,| a las) \d\d:\d\d UTC/);
    expect(page).toContain(`Retirar el consentimiento de marketing para ${campaign.brandName}`);
    expect(page).not.toMatch(/Your data|Download all my data|Your entries|Status/);

    // No language of ours asked for: English, as the page always read.
    for (const header of [null, "it-IT,ja;q=0.8"]) {
      const englishHtml = await (await send(path, header)).text();
      expect(englishHtml).not.toContain('lang="en" class="contents"');
      const english = read(englishHtml);
      expect(english).toContain("Your dataWhat Giveawear holds for");
      expect(english).toContain("Download all my data (JSON)");
      expect(english).toContain("Waiting for you to confirm it from the email we sent");
    }
    expect(await (await send(path, "fr-CH, de;q=0.5")).text()).toContain('<html lang="fr"');

    // Withdrawing answers in Spanish after the redirect.
    const withdrawn = await send(path, "es", { intent: "withdraw", entryId: "all" });
    expect(withdrawn.status).toBe(303);
    const after = read(await (await send(withdrawn.headers.get("Location")!, "es")).text());
    expect(after).toContain(es.t("dataWithdrawn"));
    expect(after).toMatch(/Retirado el \d{1,2} de [a-z]+ de \d{4}(,| a las) \d\d:\d\d UTC\./);

    // The erase step: its consequences, its refusal and its answer in Spanish; English without the header.
    const erase = await send(`${path}/erase`, "es-ES");
    expect(erase.headers.get("vary")).toContain("Accept-Language");
    const eraseHtml = await erase.text();
    expect(eraseHtml).toContain('<html lang="es"');
    expect(eraseHtml).toContain("<title>Borrar tus datos · Giveawear</title>");
    const erasePage = read(eraseHtml);
    expect(erasePage).toContain(`¿Borrar tus datos?De ${address}: 1 participación en sorteos.`);
    expect(erasePage).toContain("Al borrar se elimina, de cada sorteo en el que participaste con esta dirección:");
    expect(erasePage).toContain("el correo que te enviamos, los códigos de inicio de sesión");
    expect(erasePage).toContain("Lo entiendo: quiero borrar mis datos ahora. No se puede deshacer.");
    expect(erasePage).toContain("Conservar mis datos");
    expect(read(await (await send(`${path}/erase`, null)).text())).toContain("Erase your data?For");

    const refused = await send(`${path}/erase`, "es", {});
    expect(refused.status).toBe(400);
    expect(read(await refused.text())).toContain("Marca «Lo entiendo» para borrar tus datos.");
    const erased = await send(`${path}/erase`, "es", { confirm: "on" });
    expect(erased.status).toBe(303);
    const gone = read(await (await send(erased.headers.get("Location")!, "es")).text());
    expect(gone).toContain("Tus datos se han borrado.");
    expect(gone).toContain("No tenemos ninguna participación en sorteos con esta dirección.");
    expect(gone).toContain("Lee la política de privacidad (en inglés)");
  });

  it("ask for the link, refuse a bad address and answer in the visitor's language", async () => {
    const form = await send("/privacy/my-data", "es");
    expect(form.headers.get("vary")).toContain("Accept-Language");
    const html = await form.text();
    expect(html).toContain('<html lang="es"');
    const page = read(html);
    expect(page).toContain("Tus datos");
    expect(page).toContain("No necesitas cuenta: tu dirección de correo es la llave.");
    expect(page).toContain("Consulta, descarga o borra tus datos");
    expect(page).toContain("El enlace funciona durante 7 días.");
    expect(page).toContain("Envíame un enlace");
    expect(page).toContain("Lee la política de privacidad (en inglés) para saber qué recogemos");

    const refused = await send("/privacy/my-data", "es", { email: "not-an-address" });
    expect(refused.status).toBe(400);
    expect(read(await refused.text())).toContain(es.t("emailInvalid"));
    const sent = await send("/privacy/my-data", "es", { email: "nadie@example.com" });
    expect(sent.status).toBe(303);
    expect(read(await (await send(sent.headers.get("Location")!, "es")).text())).toContain(
      "Si tenemos datos de esa dirección, le hemos enviado un enlace.",
    );
    const english = read(await (await send("/privacy/my-data", null)).text());
    expect(english).toContain("See, download or erase your data");
    expect(english).toContain("Email me a link");
  });
});
