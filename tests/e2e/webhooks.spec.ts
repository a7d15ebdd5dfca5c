import { expect, test, type Page } from "@playwright/test";
import { type WebhookReceiver, startWebhookReceiver } from "../fakes/webhook-receiver";
import { expectToast, signIn, uniqueEmail } from "./support";

// Signed outgoing webhooks (decision 055), with JavaScript on and off: add an endpoint, see its
// secret once, send a test event to a receiver on 127.0.0.1 (which playwright.config.ts lets the
// production server reach through WEBHOOK_ALLOW_HOSTS), read the log, redeliver.

const PAGE = "/dashboard/integrations/webhooks";
let receiver: WebhookReceiver;

test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});

test.afterAll(async () => {
  await receiver.close();
});

const main = (page: Page) => page.getByRole("main");

test("a creator adds an endpoint, keeps its secret, sends a test event, reads the log and redelivers", async ({ page }, info) => {
  const path = `/e2e/${info.project.name}/${Date.now()}`;
  await signIn(page, uniqueEmail("hooks"));
  await page.goto(PAGE);
  await expect(main(page).getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  await expect(main(page).getByText("No endpoints yet.")).toBeVisible();

  // A private address is refused, with the reason.
  await main(page).getByLabel("Endpoint URL").fill("https://10.0.0.1/hook");
  await main(page).getByRole("button", { name: "Add endpoint" }).click();
  await expect(
    main(page).getByText("10.0.0.1 is a private address: webhooks are only sent to public internet addresses.").first(),
  ).toBeVisible();

  await main(page).getByLabel("Endpoint URL").fill(receiver.url(path));
  await main(page)
    .getByRole("checkbox", { name: /order\.shipped/ })
    .uncheck();
  await main(page).getByRole("button", { name: "Add endpoint" }).click();

  const reveal = main(page).getByTestId("secret-reveal");
  await expect(reveal).toContainText("Copy it now: it is shown only this once.");
  const secret = await main(page).getByTestId("signing-secret").inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
  receiver.secrets.push(secret);

  const endpoint = main(page).getByTestId("endpoint");
  await expect(endpoint.getByRole("heading", { name: receiver.url(path) })).toBeVisible();
  await expect(endpoint.getByTestId("endpoint-events")).toHaveText(
    "entry.confirmed, entry.action_completed, campaign.launched, campaign.ended, list.frozen, winner.drawn, prize.claimed",
  );

  // Shown once: after a reload only its last four characters remain.
  await page.goto(PAGE);
  await expect(main(page).getByTestId("secret-reveal")).toHaveCount(0);
  await expect(endpoint.getByTestId("endpoint-secret")).toHaveText(`whsec_…${secret.slice(-4)}`);
  expect(await page.content()).not.toContain(secret);
  await expect(endpoint.getByText("No deliveries yet.")).toBeVisible();

  await endpoint.getByRole("button", { name: "Send test event" }).click();
  await expectToast(page, "Test event delivered", "Your endpoint answered 200");
  const [test1] = await receiver.waitForRequests(1, (request) => request.path === path);
  expect(test1?.validSignature).toBe(true);
  expect(test1?.event?.type).toBe("webhook.test");

  const log = endpoint.getByTestId("delivery");
  await expect(log).toHaveCount(1);
  await expect(log.first().getByTestId("delivery-event")).toHaveText("webhook.test");
  await expect(log.first()).toContainText("Delivered");
  await expect(log.first().getByTestId("delivery-response")).toHaveText("200");

  await log.first().getByRole("button", { name: "Redeliver" }).click();
  await expectToast(page, "Event delivered");
  await expect(log).toHaveCount(2);
  await expect(log.first()).toContainText("Redelivery");
  const requests = await receiver.waitForRequests(2, (request) => request.path === path);
  expect(requests.map((request) => request.eventId)).toEqual([test1?.eventId, test1?.eventId]);
  expect(requests.every((request) => request.validSignature)).toBe(true);
});
