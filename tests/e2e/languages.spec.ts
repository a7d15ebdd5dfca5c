import { expect, test, type Locator } from "@playwright/test";
import {
  insertAdditionalPrize,
  insertCampaign,
  insertDraw,
  insertEntry,
  insertEntryAction,
  orderRows,
  pastDates,
  notifiedWinnerClaimPath,
  updateCampaign,
} from "./campaigns";
import { expectToast, latestEmail, uniqueEmail } from "./support";

// Decision 097: a campaign speaks its entrants' language. On a phone, with and without JavaScript,
// a Spanish campaign's page, its pending and entered views, its confirm page and its emails are
// Spanish, its dates are written the Spanish way, and the form is still on the first screen. So is
// its winner's claim page: its form, its answers and its deadline; its winners list and its
// official rules' frame; and the site's header and footer around a page in the visitor's language.

const VIEWPORT = { width: 360, height: 740 };
test.use({ viewport: VIEWPORT });

async function expectOnFirstScreen(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, "has a box").not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(VIEWPORT.height);
}

test("a Spanish campaign: page, entry, confirmation and emails in Spanish, on a phone", async ({ page }) => {
  const { id, title } = insertCampaign({ language: "es", timeZone: "Europe/Madrid" });
  await page.goto(`/campaign/${id}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const main = page.getByRole("main");

  // The form, Participar included, on the first screen.
  await expectOnFirstScreen(main.getByLabel("Correo electrónico"));
  await expectOnFirstScreen(main.getByRole("button", { name: "Participar" }));
  await expect(main.getByText("Tiempo para participar")).toBeVisible();
  // The end, in Spanish words on Madrid's clocks: "sábado, 6 de diciembre de 2026, 23:59 hora de Europa central".
  await expect(main.getByRole("listitem").filter({ hasText: "La lista de participantes se cierra" })).toHaveText(
    /se cierra cuando termina el sorteo, el [a-záéíóú]+, \d{1,2} de [a-z]+ de \d{4}, \d\d:\d\d hora de Europa central/,
  );
  await expect(page.getByRole("link", { name: "Bases oficiales (en inglés)" })).toBeVisible();

  const email = uniqueEmail("espanol");
  await main.getByLabel("Correo electrónico").fill(email);
  await main.getByLabel(/Tengo 18 años o más/).check();
  await main.getByRole("button", { name: "Participar" }).click();
  await page.waitForURL(/#enter$/);

  await expect(main.getByRole("heading", { name: "Revisa tu correo para confirmar tu participación" })).toBeVisible();
  await expect(main.getByTestId("entry-state")).toContainText("Aún no cuenta: abre ese correo y pulsa «Confirmar mi participación».");

  const request = latestEmail(email);
  expect(request?.subject).toBe(`Confirma tu participación: ${title}`);
  expect(request?.text).toMatch(/\(\w+, \d{1,2} de [a-z]+ de \d{4}, \d\d:\d\d hora de Europa central\)/);
  const link = /https?:\/\/\S+\/confirm\/[a-z0-9]+-[0-9a-f]+/.exec(request?.text ?? "")?.[0];
  expect(link).toBeTruthy();

  await page.goto(new URL(link!).pathname);
  await expect(main.getByRole("heading", { name: "Confirma tu participación" })).toBeVisible();
  await main.getByRole("button", { name: "Confirmar mi participación" }).click();
  await page.waitForURL(new RegExp(`/campaign/${id}#enter$`));
  await expect(main.getByRole("heading", { name: "¡Ya participas!" })).toBeVisible();
  await expect(main.getByTestId("entry-state")).toContainText("Estás dentro con 1 participación.");
  await expect(latestEmail(email)?.subject).toBe(`Ya participas: ${title}`);
});

test("a Spanish campaign's embed, entry actions and entry page speak Spanish, on a phone", async ({ page }, testInfo) => {
  const { id, title } = insertCampaign({ language: "es", timeZone: "Europe/Madrid" });
  insertEntryAction(id, { kind: "code", label: "El código del boletín", bonus: 3, position: 0, code: "PRIMAVERA" });
  insertEntryAction(id, { kind: "daily", label: "Vuelve cada día", bonus: 1, position: 1 });

  // The embed: its card, its form and its answer.
  await page.goto(`/campaign/${id}/embed`);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle(new RegExp(`^${title} · sorteo de `));
  await expect(page.getByText("Tiempo para participar:")).toBeVisible();
  await expect(page.getByRole("link", { name: "Bases oficiales (en inglés)" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("embed-es-360.png"), fullPage: true });
  const email = uniqueEmail("incrustado");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel(/Tengo 18 años o más/).check();
  await page.getByRole("button", { name: "Participar" }).click();
  await expect(page.getByTestId("embed-done")).toContainText("Revisa tu correo para confirmar tu participación");
  await expect(page.getByRole("link", { name: "Abrir la página del sorteo" })).toBeVisible();

  // Confirmed, the entry page lists its actions in Spanish, with Spanish share texts.
  const link = /https?:\/\/\S+\/confirm\/[a-z0-9]+-[0-9a-f]+/.exec(latestEmail(email)?.text ?? "")?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname);
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Confirmar mi participación" }).click();
  await expect(main.getByRole("heading", { name: "Gana participaciones extra", exact: true })).toBeVisible();
  await expect(main.getByTestId("action-total")).toHaveText("Tienes 1 participación");
  const code = main.getByTestId("action-row").filter({ hasText: "El código del boletín" });
  await expect(code).toContainText("+3 participaciones");
  await expect(code).toContainText("Verificada");
  const share = main.getByRole("link", { name: "Compartir por Correo" });
  expect(decodeURIComponent((await share.getAttribute("href")) ?? "")).toContain(`Participa en «${title}»`);

  // A wrong code: the action's page refuses it in Spanish; the right one is counted with a Spanish toast.
  await code.getByLabel("Código").fill("OTOÑO");
  await code.getByRole("button", { name: "Comprobar código" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle("Participaciones extra · Giveawear");
  await expect(page.getByRole("heading", { name: "No cuenta" })).toBeVisible();
  await expect(page.getByTestId("action-refusal")).toHaveText("Ese código no coincide. Revísalo y vuelve a intentarlo.");
  await page.screenshot({ path: testInfo.outputPath("action-refused-es-360.png"), fullPage: true });
  await page.getByLabel("Código").fill("primavera");
  await page.getByRole("button", { name: "Comprobar código" }).click();
  await expectToast(page, "Participaciones extra", "Sumamos +3 participaciones. Tienes 4 participaciones.");
  await expect(main.getByTestId("action-total")).toHaveText("Tienes 4 participaciones");
  await expect(
    main.getByTestId("action-row").filter({ hasText: "Vuelve cada día" }).getByRole("button", { name: "He vuelto hoy" }),
  ).toBeVisible();

  // A personal link that is not valid, in Spanish.
  await page.goto(`/campaign/${id}/entry/abc-0123`);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle("Tu participación · Giveawear");
  await expect(main.getByRole("heading", { name: "Enlace no válido" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Ir al sorteo" })).toBeVisible();
});

test("a Spanish campaign's winner claims the prize in Spanish, on a phone", async ({ page, javaScriptEnabled }, testInfo) => {
  const deadline = new Date(Date.now() + 14 * 24 * 60 * 60 * 1000);
  const campaign = insertCampaign({
    status: "completed",
    ...pastDates(),
    language: "es",
    timeZone: "Europe/Madrid",
    selectedSizes: "S,M,L",
    selectedColors: "white,black",
  });
  const winner = insertEntry(campaign.id, uniqueEmail("ganadora"));
  await page.goto(await notifiedWinnerClaimPath(campaign.id, winner, deadline));
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle("Reclama tu premio · Giveawear");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Reclama tu premio" })).toBeVisible();
  // The deadline in Spanish words on Madrid's clocks: "lunes, 14 de diciembre de 2026, 09:02 hora de Europa central".
  await expect(main.locator("header time")).toHaveText(/^[a-záéíóú]+, \d{1,2} de [a-z]+ de \d{4}, \d\d:\d\d hora de Europa central$/);
  await expect(main.getByText("Tienes de plazo hasta el")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("claim-es-360.png"), fullPage: true });

  // Sent empty: what is missing, in Spanish (from the browser with JavaScript, from the server without).
  await main.getByRole("button", { name: "Reclamar mi premio" }).click();
  await expect(main.getByText("Elige una talla.")).toBeVisible();
  await expect(main.getByText("Escribe tu nombre completo.")).toBeVisible();

  await main.getByText("L", { exact: true }).click();
  await main.getByText("Corte de mujer").click();
  await main.getByText("Negro", { exact: true }).click();
  await main.getByLabel("País").selectOption("US");
  if (!javaScriptEnabled) await main.getByRole("button", { name: "Continuar" }).click();
  await main.getByLabel("Nombre completo").fill("Lucía Pérez");
  await main.getByLabel("Dirección", { exact: true }).fill("1 Compiler Court");
  await main.getByLabel("Ciudad").fill("Arlington");
  await main.getByLabel("Estado", { exact: true }).fill("VA");
  await main.getByLabel("Código ZIP").fill("22201");
  await main.getByRole("button", { name: "Reclamar mi premio" }).click();

  await expect(main.getByRole("heading", { name: "Premio reclamado" })).toBeVisible();
  await expect(main.getByText("Arlington, Estados Unidos")).toBeVisible();
  await expect(main.getByText(/^Reclamado el [a-záéíóú]+, \d{1,2} de [a-z]+ de \d{4}, \d\d:\d\d hora de Europa central\./)).toBeVisible();
  expect(orderRows(campaign.id)).toMatchObject([{ size: "L", style: "Women's fit", color: "black", shipCountry: "US" }]);
});

test.describe("a Spanish-speaking visitor", () => {
  // The browser's language, sent as Accept-Language ("es-ES,es;q=0.9").
  test.use({ locale: "es-ES" });

  test("the data pages speak the visitor's language, whatever the campaign's, on a phone", async ({ page }, testInfo) => {
    // Decision 097: a data page covers one address across giveaways, so the visitor's Accept-Language
    // picks among all of ours. This campaign is English; the visitor reads Spanish.
    const campaign = insertCampaign({ brandName: "Marca Datos" });
    const email = uniqueEmail("datos");
    insertEntry(campaign.id, email);

    await page.goto("/privacy/my-data");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Tus datos", level: 1 })).toBeVisible();
    await main.getByLabel("Correo electrónico").fill(email);
    await main.getByRole("button", { name: "Envíame un enlace" }).click();
    await expect(main.getByRole("status")).toHaveText(
      "Si tenemos datos de esa dirección, le hemos enviado un enlace. El enlace funciona durante 7 días.",
    );

    const link = /https?:\/\/\S+\/privacy\/my-data\/[A-Za-z0-9_-]+/.exec(latestEmail(email)?.text ?? "")?.[0];
    expect(link, "the email carries a link to the data page").toBeTruthy();
    await page.goto(new URL(link!).pathname);
    await expect(page).toHaveTitle("Tus datos · Giveawear");
    await expect(main.getByTestId("data-address")).toHaveText(email);
    await expect(main.getByText(/Este enlace funciona hasta el \d{1,2} de [a-z]+ de \d{4}(,| a las) \d\d:\d\d UTC\./)).toBeVisible();
    await expect(main.getByRole("link", { name: "Descargar todos mis datos (JSON)" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Tus participaciones" })).toBeVisible();
    await expect(main.getByTestId("entry-status")).toHaveText("Confirmada: participa en el sorteo");
    await expect(main.getByText("de Marca Datos")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("data-page-es-360.png"), fullPage: true });

    // The site's header and footer speak Spanish too, and are not marked English.
    await expect(page.getByRole("link", { name: "Ir al contenido" })).toBeAttached();
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("heading", { name: "Navegar" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Cómo funciona" }).first()).toBeVisible();
    await expect(footer.getByRole("link", { name: "Política de privacidad (en inglés)" })).toBeVisible();
    await expect(footer).toContainText("Todos los derechos reservados.");
    await expect(footer).not.toContainText("All rights reserved.");
    await expect(page.locator('[lang="en"]')).toHaveCount(0);
    await page.getByLabel("Menú", { exact: true }).click();
    const menu = page.getByRole("navigation", { name: "Móvil" });
    await expect(menu.getByRole("link", { name: "Ver sorteos" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
    await page.getByLabel("Menú", { exact: true }).click();

    await main.getByRole("link", { name: "Borrar mis datos…" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(main.getByRole("heading", { name: "¿Borrar tus datos?" })).toBeVisible();
    await expect(main.getByText("Qué supone:")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("erase-page-es-360.png"), fullPage: true });
    await main.getByLabel("Lo entiendo: quiero borrar mis datos ahora. No se puede deshacer.").check();
    await main.getByRole("button", { name: "Borrar mis datos" }).click();
    await expect(main.getByRole("status")).toHaveText("Tus datos se han borrado.");
    await expect(main.getByTestId("no-data")).toHaveText("No tenemos ninguna participación en sorteos con esta dirección.");
  });
});

test("a Spanish campaign's winners list and official rules, on a phone", async ({ page }, testInfo) => {
  const campaign = insertCampaign({
    status: "completed",
    ...pastDates(),
    language: "es",
    timeZone: "Europe/Madrid",
    brandName: "Marca Ganadora",
    rulesVersion: 2,
  });
  const winner = insertEntry(campaign.id, uniqueEmail("ganador"));
  const second = insertEntry(campaign.id, uniqueEmail("segunda"));
  updateCampaign(campaign.id, { winnerEntryId: winner.id, winnerEmail: winner.email, winnersNotifiedAt: new Date() });
  insertAdditionalPrize(campaign.id, { rank: 2, title: "Tarjeta regalo", winnerEntryId: second.id, winnerEmail: second.email });
  insertDraw(
    campaign.id,
    [
      { rank: 1, entryId: winner.id, ticket: "0", counter: 0 },
      { rank: 2, entryId: second.id, ticket: "1", counter: 1 },
    ],
    new Date(Date.now() - 24 * 60 * 60 * 1000),
  );

  await page.goto(`/campaign/${campaign.id}/winners`);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle(`Ganadores: ${campaign.title} · Giveawear`);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(`Ganadores: ${campaign.title}`);
  await expect(main.getByText("Un sorteo de Marca Ganadora. El ganador de cada premio")).toBeVisible();
  // "Sorteo realizado el domingo, 29 de noviembre de 2026, 11:40 hora de Europa central."
  await expect(main.getByTestId("winners-drawn-at")).toHaveText(
    /^Sorteo realizado el [a-záéíóú]+, \d{1,2} de [a-z]+ de \d{4}, \d\d:\d\d hora de Europa central\.$/,
  );
  await expect(main.getByTestId("winner-tier-1").getByRole("heading")).toHaveText("Premio principal");
  await expect(main.getByTestId("winner-tier-2").getByRole("heading")).toHaveText("2.º premio: Tarjeta regalo");
  await expect(main.getByText("¿Has ganado? Elige el nombre con el que apareces")).toBeVisible();
  await expect(main.getByRole("link", { name: "Cómo se eligió a los ganadores" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("winners-es-360.png"), fullPage: true });

  await main.getByRole("link", { name: "Bases oficiales (en inglés)" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/campaign/${campaign.id}/rules$`));
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle(`Bases oficiales: ${campaign.title} · Giveawear`);
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(`Bases oficiales: ${campaign.title}`);
  await expect(main.getByTestId("rules-in-english")).toHaveText(
    "Las bases oficiales que siguen están en inglés, el idioma en que las redactó el organizador.",
  );
  // The legal text is the organiser's English, marked as such for screen readers.
  await expect(main.locator('[lang="en"]').getByTestId("rules-version")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("rules-es-360.png"), fullPage: true });
  await main.getByRole("link", { name: "Volver al sorteo" }).click();
  await expect(page).toHaveURL(new RegExp(`/campaign/${campaign.id}$`));
});
