import { z } from "zod";

/**
 * A replaced winner's objection to a redraw (decision 105): "I did claim this prize", with a short
 * message to the creator. One per pick; the draw page and draw.json publish its prize rank and time,
 * never the message (it may hold personal data). Pure: the server (server/claims/objection.server.ts)
 * stores it and tells the creator.
 */

export const OBJECTION_INTENT = "redraw-objection";
export const OBJECTION_MESSAGE_MAX = 1000;

export const OBJECTION_MESSAGES = {
  messageRequired: "Please tell the organiser briefly how and when you claimed the prize.",
  messageMax: `Your message must be at most ${OBJECTION_MESSAGE_MAX} characters.`,
  sent: "The organiser has your message, and the draw page now says that a replaced winner objected.",
  already: "You have already objected to this redraw: nothing was changed.",
  title: "Objection sent",
} as const;

export const ObjectionSchema = z.object({
  message: z
    .string({ error: OBJECTION_MESSAGES.messageRequired })
    .trim()
    .min(1, { error: OBJECTION_MESSAGES.messageRequired })
    .max(OBJECTION_MESSAGE_MAX, { error: OBJECTION_MESSAGES.messageMax }),
});

/** One objection as published: the prize's rank and when it was sent (ISO). */
export interface PublishedObjection {
  rank: number;
  at: string;
}

/**
 * The draw page's line for one prize: how many replaced winners objected and when (times already
 * written for the reader), or null when none did.
 */
export function objectionLine(times: string[]): string | null {
  if (times.length === 0) return null;
  const who = times.length === 1 ? "1 replaced winner says they" : `${times.length} replaced winners say they`;
  return `${who} claimed in time (${times.join("; ")}).`;
}

export const OBJECTION_PRIVACY =
  "Their messages go to the organiser only, who resolves them with the winner: they may hold personal data, so they are not published.";
