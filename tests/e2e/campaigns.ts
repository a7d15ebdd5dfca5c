import { createHash, randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import { signClaimToken } from "../../app/domain/claims";
import { E2E_DATABASE, E2E_SESSION_SECRET } from "../../playwright.config";

const DAY = 24 * 60 * 60 * 1000;

/** The token of the claim link a winner's email carries, signed as the e2e server signs it. */
export function signedClaimToken(claim: Parameters<typeof signClaimToken>[1]): Promise<string> {
  return signClaimToken(E2E_SESSION_SECRET, claim);
}

/** Makes `winner` the campaign's notified grand-prize winner, claiming by `deadline`; answers their claim page's path. */
export async function notifiedWinnerClaimPath(campaignId: string, winner: { id: string; email: string }, deadline: Date): Promise<string> {
  updateCampaign(campaignId, {
    winnerEntryId: winner.id,
    winnerEmail: winner.email,
    claimDeadline: deadline,
    winnersNotifiedAt: new Date(),
  });
  return `/claim/${await signedClaimToken({ campaignId, rank: 1, entryId: winner.id, deadline })}`;
}

/** Prisma's SQLite DateTime format. */
const sqliteDate = (date: Date) => date.toISOString().replace("Z", "+00:00");

type Value = string | number | null | Date | boolean;

function sqliteValue(value: Value | undefined) {
  const v = value ?? null;
  return v instanceof Date ? sqliteDate(v) : typeof v === "boolean" ? Number(v) : v;
}

/** Writes one row of `table` straight into the e2e database, its columns named by the keys. */
function insertRow(table: string, row: Record<string, Value>): void {
  const columns = Object.keys(row);
  const db = new Database(E2E_DATABASE);
  try {
    db.prepare(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`).run(
      ...columns.map((column) => sqliteValue(row[column])),
    );
  } finally {
    db.close();
  }
}

/** A launched campaign written straight into the e2e database; live for a week from yesterday unless told otherwise. */
export function insertCampaign(overrides: Record<string, Value> = {}): { id: string; title: string } {
  const seed = randomBytes(32).toString("hex");
  const start = new Date(Date.now() - DAY);
  const row: Record<string, Value> = {
    id: `c${randomBytes(12).toString("hex")}`,
    status: "active",
    title: `E2E Giveaway ${randomBytes(3).toString("hex")}`,
    description: "A giveaway written by an end-to-end test.",
    brandName: "E2E Brand",
    productType: "t-shirt",
    planId: "pro_tee",
    // What the Pro Tee gives a campaign at launch.
    analyticsLevel: "advanced",
    customBranding: true,
    startDate: start,
    endDate: new Date(start.getTime() + 7 * DAY),
    termsAccepted: true,
    drawSeed: seed,
    drawCommitment: createHash("sha256").update(seed).digest("hex"),
    updatedAt: new Date(),
    ...overrides,
  };
  insertRow("Campaign", row);
  return { id: String(row.id), title: String(row.title) };
}

export function entryRows(campaignId: string): { id: string; email: string; bonusEntries: number; referrerId: string | null }[] {
  const db = new Database(E2E_DATABASE, { readonly: true });
  try {
    return db
      .prepare(`SELECT id, email, "bonusEntries", "referrerId" FROM "Entry" WHERE "campaignId" = ? ORDER BY rowid`)
      .all(campaignId) as never;
  } finally {
    db.close();
  }
}

export const pastDates = () => ({ startDate: new Date(Date.now() - 9 * DAY), endDate: new Date(Date.now() - 2 * DAY) });

// ---------------------------------------------------------------------------------------------
// Winners and claims (decisions 013 and 050)

/** An entry written straight into the e2e database. */
export function insertEntry(campaignId: string, email: string): { id: string; email: string } {
  return insertEntryWith(campaignId, email);
}

/** Sets columns of a campaign row (e.g. the winner fields a draw writes). */
export function updateCampaign(id: string, fields: Record<string, Value>): void {
  const columns = Object.keys(fields);
  const db = new Database(E2E_DATABASE);
  try {
    db.prepare(`UPDATE "Campaign" SET ${columns.map((c) => `"${c}" = ?`).join(", ")} WHERE id = ?`).run(
      ...columns.map((column) => sqliteValue(fields[column])),
      id,
    );
  } finally {
    db.close();
  }
}

export function orderRows(campaignId: string): Record<string, unknown>[] {
  const db = new Database(E2E_DATABASE, { readonly: true });
  try {
    return db.prepare(`SELECT * FROM "Order" WHERE "campaignId" = ?`).all(campaignId) as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Creator dashboard and analytics (decision 018)

/** The id of the user with this email (created when they first signed in). */
export function userIdByEmail(email: string): string {
  const db = new Database(E2E_DATABASE, { readonly: true });
  try {
    const row = db.prepare(`SELECT id FROM "User" WHERE email = ?`).get(email.toLowerCase()) as { id: string } | undefined;
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  } finally {
    db.close();
  }
}

/**
 * An entry with chosen columns (createdAt, phoneNumber, referrerId, referralCredited, marketingConsent…),
 * confirmed when it was made (a counted entry, decision 038) unless `confirmedAt: null` leaves it pending.
 */
export function insertEntryWith(campaignId: string, email: string, fields: Record<string, Value> = {}): { id: string; email: string } {
  const createdAt = fields.createdAt ?? new Date();
  const row: Record<string, Value> = {
    id: `e${randomBytes(12).toString("hex")}`,
    campaignId,
    email,
    emailNormalized: email.toLowerCase(),
    agreedToTerms: true,
    createdAt,
    confirmedAt: createdAt,
    ...fields,
  };
  insertRow("Entry", row);
  return { id: String(row.id), email };
}

export function campaignExists(id: string): boolean {
  const db = new Database(E2E_DATABASE, { readonly: true });
  try {
    return db.prepare(`SELECT 1 FROM "Campaign" WHERE id = ?`).get(id) !== undefined;
  } finally {
    db.close();
  }
}

/** A claimed prize order written straight into the e2e database (status pending: waiting in the admin's manual queue). */
export function insertOrder(campaignId: string, overrides: Record<string, Value> = {}): { id: string; winnerEmail: string } {
  const now = new Date();
  const row: Record<string, Value> = {
    id: `o${randomBytes(12).toString("hex")}`,
    campaignId,
    prizeRank: 1,
    winnerEmail: `winner-${randomBytes(4).toString("hex")}@e2e.test`,
    status: "pending",
    size: "M",
    style: "Unisex",
    color: "white",
    shipName: "Ada Lovelace",
    shipLine1: "1 Analytical Way",
    shipCity: "Springfield",
    shipRegion: "IL",
    shipPostalCode: "62701",
    shipCountry: "US",
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
  insertRow("Order", row);
  return { id: String(row.id), winnerEmail: String(row.winnerEmail) };
}

/** An order row as the database holds it. */
export function orderRow(id: string): Record<string, unknown> | undefined {
  const db = new Database(E2E_DATABASE, { readonly: true });
  try {
    return db.prepare(`SELECT * FROM "Order" WHERE id = ?`).get(id) as Record<string, unknown> | undefined;
  } finally {
    db.close();
  }
}

/** An AI design saved for a user (it shows in their saved-designs strip), written straight into the e2e database. */
export function insertAiDesign(userId: string, overrides: Record<string, Value> = {}): { id: string } {
  const id = `d${randomBytes(12).toString("hex")}`;
  insertRow("AiDesign", {
    id,
    userId,
    imageUrl: "/images/slider-1.svg",
    promptText: `Saved design ${id.slice(1, 7)}`,
    createdAt: new Date(),
    ...overrides,
  });
  return { id };
}

/** The draw of an ended campaign (its picks as the draw writes them), written straight into the e2e database. */
export function insertDraw(campaignId: string, picks: Record<string, Value>[], createdAt = new Date()): void {
  insertRow("Draw", {
    id: `w${randomBytes(12).toString("hex")}`,
    campaignId,
    seed: randomBytes(32).toString("hex"),
    entriesHash: randomBytes(32).toString("hex"),
    totalWeight: 1,
    entryCount: 1,
    picks: JSON.stringify(picks),
    createdAt,
  });
}

/** A 2nd or 3rd prize of a campaign, written straight into the e2e database (decision 050). */
export function insertAdditionalPrize(campaignId: string, fields: Record<string, Value>): { id: string } {
  const id = `p${randomBytes(12).toString("hex")}`;
  insertRow("AdditionalPrize", { id, campaignId, ...fields });
  return { id };
}

/** A paid add-on (decision 068) written straight into the e2e database: a report, or a boost featured for `featuredMs`. */
export function insertPaidAddOn(campaignId: string, kind: "featured_boost" | "analytics_report", featuredMs = 0): void {
  const now = new Date();
  insertRow("AddOnPurchase", {
    id: `a${randomBytes(12).toString("hex")}`,
    campaignId,
    kind,
    amountCents: kind === "featured_boost" ? 2900 : 1900,
    status: "paid",
    paidAt: now,
    featuredUntil: kind === "featured_boost" ? new Date(now.getTime() + featuredMs) : null,
    createdAt: now,
  });
}

/** An entry action (decision 074) written straight into the e2e database, as the creator's wizard would leave it. */
export function insertEntryAction(
  campaignId: string,
  fields: { kind: string; label: string; bonus: number; position: number } & Record<string, Value>,
): { id: string } {
  const id = `a${randomBytes(12).toString("hex")}`;
  insertRow("EntryAction", { id, campaignId, choices: "", createdAt: new Date(), ...fields });
  return { id };
}

/** A counted completion of an entry action (decision 077), written straight into the e2e database. */
export function insertActionCompletion(
  campaignId: string,
  actionId: string,
  entryId: string,
  fields: { bonus: number } & Record<string, Value>,
): { id: string } {
  const id = `k${randomBytes(12).toString("hex")}`;
  insertRow("ActionCompletion", { id, campaignId, actionId, entryId, day: "", completedAt: new Date(), ...fields });
  return { id };
}
