import { expect, test, type Locator } from "@playwright/test";
import { insertCampaign, insertEntry, orderRows, pastDates, notifiedWinnerClaimPath } from "./campaigns";
import { latestEmail, uniqueEmail } from "./support";

// Decision 097: a campaign speaks its entrants' language. On a phone, with and without JavaScript,
// a Spanish campaign's page, its pending and entered views, its confirm page and its emails are
// Spanish, its dates are written the Spanish way, and the form is still on the first screen. So is
// its winner's claim page: its form, its answers and its deadline.

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
