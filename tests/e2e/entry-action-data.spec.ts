import { mkdirSync, readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { insertActionCompletion, insertCampaign, insertEntryAction, insertEntryWith, userIdByEmail } from "./campaigns";
import { signIn, uniqueEmail } from "./support";

/** Decision 079: the analytics page's question cards offer all their answers as CSV, a plain link. */

const SHOTS = "/tmp/shots-action-data";

test("the creator downloads a question's answers from the analytics page", async ({ page }) => {
  const email = uniqueEmail("answers");
  await signIn(page, email);
  const campaign = insertCampaign({ creatorId: userIdByEmail(email), title: "Answers Tee" });
  const text = insertEntryAction(campaign.id, {
    kind: "question",
    label: "What do you wear most?",
    bonus: 1,
    position: 0,
    question: "What?",
  });
  const choice = insertEntryAction(campaign.id, {
    kind: "question",
    label: "Your colour",
    bonus: 1,
    position: 1,
    question: "Which colour?",
    choices: "Red\nBlue",
  });
  const answers = ["Hoodies, mostly", "Caps", "Band tees from the nineties, washed soft"];
  answers.forEach((answer, index) => {
    const entry = insertEntryWith(campaign.id, uniqueEmail(`fan${index}`));
    insertActionCompletion(campaign.id, text.id, entry.id, { bonus: 1, answer, completedAt: new Date(Date.now() - (10 - index) * 1000) });
    insertActionCompletion(campaign.id, choice.id, entry.id, { bonus: 1, answer: index ? "Blue" : "Red" });
  });

  await page.goto(`/dashboard/campaigns/${campaign.id}/analytics`);
  const links = page.getByRole("link", { name: /^Download all answers to .+ \(CSV\)$/ });
  await expect(links).toHaveCount(2);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download all answers to What do you wear most? (CSV)" }).click(),
  ]);
  expect(readFileSync(await download.path(), "utf8")).toBe(
    `answer\r\n${answers.map((a) => (a.includes(",") ? `"${a}"` : a)).join("\r\n")}\r\n`,
  );

  mkdirSync(SHOTS, { recursive: true });
  const section = page.getByTestId("action-figures");
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `${SHOTS}/answers-${test.info().project.name}-${width}.png` });
  }
});
