/**
 * Winners as the public draw page names them (decisions 022, 057): the winner's chosen display name
 * or masked email, never the address itself; "Winner chose not to be listed" when they objected;
 * "Winner" for an erased entrant; nobody when the creator hides them. The rules are the winners
 * list's (winners-list.server.ts); the rest of the public record is record.server.ts.
 */
import { publicWinnerTexts } from "./winners-list.server";

/** The public text for each picked entry, by entry id. */
export function publicWinnerNames(
  campaign: { id: string; winnerPublic: boolean; winnerEntryId: string | null; winnerPublicName: string | null },
  entryIds: string[],
): Promise<Map<string, string>> {
  return publicWinnerTexts(campaign, entryIds);
}
