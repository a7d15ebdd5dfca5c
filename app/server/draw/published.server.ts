/**
 * Winners as the public draw page names them: masked emails (or the grand prize winner's chosen
 * display name, decision 022), never the addresses themselves; nobody when the creator hides them.
 * The rest of the public record is record.server.ts.
 */
import { maskEmail } from "../../domain/profile";
import { entryEmails } from "./run.server";

/** Masked winner names by entry id; empty when the winners are hidden. */
export async function publicWinnerNames(
  campaignId: string,
  entryIds: string[],
  options: { winnersPublic: boolean },
): Promise<Map<string, string>> {
  if (!options.winnersPublic) return new Map();
  const emails = await entryEmails(campaignId, [...new Set(entryIds)]);
  return new Map([...emails].map(([id, email]) => [id, maskEmail(email)]));
}
