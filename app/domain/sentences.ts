/**
 * Sentences that end with a name or a title the creator typed (decision 069). A brand called
 * "Kestrel Coffee Co." already ends with a period; a sentence that adds its own after it read
 * "by Kestrel Coffee Co.." on pages, in the rules and in emails.
 */

/** Whether `text` already ends a sentence: a period, "!", "?" or an ellipsis at its end. */
export function endsSentence(text: string): boolean {
  return /[.!?…]$/.test(text.trimEnd());
}

/** `text` with the period that ends its sentence, unless it already ends with one ("… by Kestrel Coffee Co."). */
export function endSentence(text: string): string {
  const trimmed = text.trimEnd();
  return endsSentence(trimmed) ? trimmed : `${trimmed}.`;
}
