/**
 * The public record: the Draw row as the public draw page shows it, with the winners' emails masked.
 */
import { parseDrawPicks } from "../../domain/draw";
import { maskEmail } from "../../domain/profile";
import { prisma } from "../db.server";
import { entryEmails, sha256Hex } from "./run.server";

export interface PublishedPick {
  rank: number;
  entryId: string;
  ticket: string;
  counter: number;
  replaced: boolean;
  redrawnAt: string | null;
  /** Masked email, or null when the creator hides the winners. */
  winner: string | null;
}

export interface PublishedDraw {
  seed: string;
  commitment: string;
  commitmentMatches: boolean;
  entriesHash: string;
  totalWeight: string;
  /** Entries in the list the draw used (not the campaign's live counter). */
  entryCount: number;
  drawnAt: string;
  picks: PublishedPick[];
}

/** The Draw row as the draw page publishes it; null before the draw. Emails never leave unmasked. */
export async function publishedDraw(campaignId: string, options: { winnersPublic: boolean }): Promise<PublishedDraw | null> {
  const draw = await prisma.draw.findUnique({ where: { campaignId } });
  if (!draw) return null;
  const picks = parseDrawPicks(draw.picks);
  const emails = options.winnersPublic
    ? await entryEmails(
        campaignId,
        picks.map((pick) => pick.entryId),
      )
    : new Map<string, string>();
  return {
    seed: draw.seed,
    commitment: draw.commitment ?? "",
    commitmentMatches: sha256Hex(draw.seed) === draw.commitment,
    entriesHash: draw.entriesHash,
    totalWeight: draw.totalWeight.toString(),
    entryCount: draw.entryCount,
    drawnAt: draw.createdAt.toISOString(),
    picks: picks.map((pick) => ({
      rank: pick.rank,
      entryId: pick.entryId,
      ticket: pick.ticket,
      counter: pick.counter,
      replaced: pick.replaced === true,
      redrawnAt: pick.redrawnAt ?? null,
      winner: options.winnersPublic ? maskEmail(emails.get(pick.entryId)) : null,
    })),
  };
}
