/**
 * The entrant's language (decision 097) on the winners list, the official rules' frame and the
 * "Entries are closed" and data-link emails, over real HTTP and the real jobs: a Spanish campaign's
 * notice is Spanish, a visitor asking in Spanish gets the data link in Spanish, and English stays
 * the spec's words.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roundTimeMs } from "~/domain/beacon";
import { formatUtcStamp } from "~/domain/campaign-time-zone";
import { entrantText } from "~/i18n/entrant";
import { prisma } from "~/server/core/db.server";
import { sendListCopies } from "~/server/draw/copies.server";
import { freezeEntryList, plannedBeaconRound } from "~/server/draw/freeze.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { addConfirmedEntries, setUpFakeBeacon } from "../helpers/draw";
import { decode, drawnCampaign } from "../helpers/winners";
import { pageText } from "../helpers/http";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const beacon = setUpFakeBeacon();
let app: InProcessAppServer;

beforeAll(async () => {
  process.env.TSA_URLS = "";
  app = await startAppServer();
  await app.resetConfig();
}, 120_000);

afterAll(async () => {
  await app?.close();
  delete process.env.TSA_URLS;
});

const tag = () => randomBytes(4).toString("hex");
const es = entrantText("es");
const read = pageText;

function send(path: string, acceptLanguage: string | null, form?: Record<string, string>) {
  return fetch(`${app.url}${path}`, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: {
      ...(acceptLanguage ? { "Accept-Language": acceptLanguage } : {}),
      ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
}

describe("a Spanish campaign's “Entries are closed” notice", () => {
  it("goes out in Spanish, its freeze time and round line the Spanish way, with the same hash, line and links", async () => {
    const end = new Date(Date.now() - 60 * MINUTE);
    const chain = beacon.fake().chain;
    const campaign = await createCampaign({
      language: "es",
      timeZone: "Europe/Madrid",
      brandName: "Café Cernícalo",
      startDate: new Date(end.getTime() - 7 * DAY),
      endDate: end,
      drawBeaconChain: chain.hash,
      drawBeaconRound: plannedBeaconRound(chain, end, 10),
    });
    const id = `esnotice${tag()}${tag()}`;
    const email = `${id}@example.com`;
    await addConfirmedEntries(campaign.id, [{ id, email, createdAt: new Date(campaign.startDate!.getTime() + MINUTE) }]);
    const now = new Date();
    const frozen = await freezeEntryList(campaign.id, { now });
    if (frozen.kind !== "frozen") throw new Error(frozen.kind);
    await sendListCopies(now);

    const notice = await prisma.outboundEmail.findFirstOrThrow({ where: { to: email, template: "list_frozen" } });
    expect(notice.subject).toBe(`Participaciones cerradas: ${campaign.title}`);
    const text = notice.text ?? "";
    const list = await prisma.entryList.findUniqueOrThrow({ where: { campaignId: campaign.id } });
    const frozenAt = `${es.dateTime(list.frozenAt, "Europe/Madrid")} (${formatUtcStamp(list.frozenAt)})`;
    expect(text).toContain(
      `Las participaciones en ${campaign.title} de Café Cernícalo están cerradas: la lista de participantes se cerró el ${frozenAt}, y tu participación está en ella.`,
    );
    expect(text).toContain(list.sha256);
    expect(text).toContain(id);
    const roundTime = new Date(roundTimeMs(chain, list.beaconRound));
    expect(text).toContain(
      `El ganador se elige con la ronda ${list.beaconRound} de la baliza drand chain ${chain.hash}, prevista para el ${es.dateTime(roundTime, "Europe/Madrid")} (${formatUtcStamp(roundTime)}): no existía cuando se cerró la lista`,
    );
    expect(text).toContain("Comprobar mi participación");
    expect(notice.html).toContain(`/campaign/${campaign.id}/draw?entry=${id}`);
    expect(text).toContain("Tus datos: consulta lo que guardamos sobre ti");
    expect(text).not.toMatch(/Entries for|Keep this email|Check my entry|Your data:/);
  });
});

describe("the data link email", () => {
  it("speaks the language the visitor asked the data page in, else English", async () => {
    const campaign = await createCampaign({ language: "fr" });
    const spanish = `datos-${tag()}@example.com`;
    const english = `data-${tag()}@example.com`;
    await addConfirmedEntries(campaign.id, [
      { email: spanish, createdAt: new Date() },
      { email: english, createdAt: new Date() },
    ]);
    expect((await send("/privacy/my-data", "es-MX,es;q=0.9", { email: spanish })).status).toBe(303);
    expect((await send("/privacy/my-data", null, { email: english })).status).toBe(303);

    const link = await prisma.outboundEmail.findFirstOrThrow({ where: { to: spanish, template: "data_request" } });
    // The visitor's language, not the French campaign's: the link covers every giveaway of the address.
    expect(link.subject).toBe("Tus datos en Giveawear");
    expect(link.text).toContain(`Has pedido ver los datos que Giveawear guarda de ${spanish}`);
    expect(link.text).toContain("Ver mis datos");
    expect(link.text).toContain("El enlace funciona durante 7 días y solo para esta dirección.");
    expect(link.html).toContain("/privacy/my-data/");
    expect(link.text).not.toMatch(/You asked|See my data/);

    const englishLink = await prisma.outboundEmail.findFirstOrThrow({ where: { to: english, template: "data_request" } });
    expect(englishLink.subject).toBe("Your data at Giveawear");
    expect(englishLink.text).toContain("See my data");
  });
});

describe("a Spanish campaign's winners list and rules", () => {
  it("lists the winners in Spanish, title included; the rules' frame is Spanish and their text English, marked so", async () => {
    const { campaign } = await drawnCampaign({ prizes: [{ rank: 2, title: "Tarjeta regalo de 50 €" }] });
    await prisma.campaign.update({ where: { id: campaign.id }, data: { language: "es", timeZone: "Europe/Madrid" } });

    const winners = await send(`/campaign/${campaign.id}/winners`, "en-US,en;q=0.9");
    expect(winners.status).toBe(200);
    expect(winners.headers.get("vary")).toContain("Accept-Language");
    const html = await winners.text();
    expect(html).toContain('<html lang="es"');
    expect(decode(html)).toContain(`<title>Ganadores: ${campaign.title} · Giveawear</title>`);
    const page = read(html);
    expect(page).toContain(`Ganadores: ${campaign.title}`);
    expect(page).toContain("Volver al sorteo");
    expect(page).toContain("Cómo se eligió a los ganadores");
    expect(page).toContain("Premio principal");
    expect(page).toContain("2.º premio: Tarjeta regalo de 50 €");
    expect(page).toContain("¿Has ganado?");
    expect(page).not.toMatch(/Grand prize|Each prize's winner|Are you a winner/);

    const rules = await send(`/campaign/${campaign.id}/rules`, null);
    const rulesHtml = await rules.text();
    expect(rulesHtml).toContain('<html lang="es"');
    expect(decode(rulesHtml)).toContain(`<title>Bases oficiales: ${campaign.title} · Giveawear</title>`);
    expect(read(rulesHtml)).toContain(`Bases oficiales: ${campaign.title}`);
    expect(read(rulesHtml)).toContain("Las bases oficiales que siguen están en inglés");
    // The legal text stays the organiser's English, marked as such.
    expect(rulesHtml).toMatch(/<div lang="en"><p[^>]*data-testid="rules-version"/);

    // The draw page's title too (its record below Check my entry stays English, marked so).
    const drawHtml = await (await send(`/campaign/${campaign.id}/draw`, null)).text();
    expect(decode(drawHtml)).toContain(`<title>Sorteo justo: ${campaign.title} · Giveawear</title>`);

    // An English campaign's pages are as they were.
    await prisma.campaign.update({ where: { id: campaign.id }, data: { language: "en" } });
    const englishPage = read(await (await send(`/campaign/${campaign.id}/winners`, "es")).text());
    expect(englishPage).toContain(`Winners: ${campaign.title}`);
    expect(englishPage).toContain("Grand prize");
    expect(englishPage).toContain("2nd prize: Tarjeta regalo de 50 €");
    const englishRules = await (await send(`/campaign/${campaign.id}/rules`, "es")).text();
    expect(englishRules).not.toContain('lang="en"><p');
    expect(read(englishRules)).toContain(`Official Rules: ${campaign.title}`);
    expect(decode(await (await send(`/campaign/${campaign.id}/draw`, "es")).text())).toContain(
      `<title>Fair draw: ${campaign.title} · Giveawear</title>`,
    );
  });
});
