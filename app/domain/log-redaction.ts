/**
 * What the server's log may say (decision 083): the levels it knows, the request id it accepts from
 * a client, and the text it writes with entrants' addresses masked and the tokens in links taken
 * out. Pure, so the access line, the log's message hook and the tests share one set of rules.
 */

/** pino's levels, quietest last; LOG_LEVEL names one of them. */
export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** LOG_LEVEL as the logger uses it: its value when it names a level, `info` otherwise (the configuration refuses a wrong one at start). */
export function logLevelFrom(raw: string | undefined): LogLevel {
  return (LOG_LEVELS as readonly (string | undefined)[]).includes(raw) ? (raw as LogLevel) : "info";
}

/** A request id a client or a proxy sent that we keep: a short token, nothing a log reader could be fooled by. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The X-Request-Id header's value when it is a sane token (at most 128 of A-Z a-z 0-9 . _ : -), null otherwise. */
export function saneRequestId(header: string | string[] | undefined): string | null {
  return typeof header === "string" && SANE_REQUEST_ID.test(header) ? header : null;
}

/** What a removed token or secret reads as. */
export const REDACTED = "[redacted]";

/**
 * Addresses that carry a token in a path segment: an entry's confirm link and personal link, a
 * winner's claim link, an entrant's data page. `/` may come percent-encoded (an address inside a
 * query's value).
 */
const SLASH = "(?:/|%2F)";
const SEGMENT = "[^/?#&\\s%\"'<>]+";
const TOKEN_PATHS = new RegExp(
  `(${SLASH}(?:campaign${SLASH}${SEGMENT}${SLASH}(?:confirm|entry)|claim|privacy${SLASH}my-data)${SLASH})${SEGMENT}`,
  "gi",
);

/** Query parameters whose value is a secret: the magic link's `t`, OAuth's `code` and `state`, tokens, keys, signatures, passwords. */
const SECRET_PARAMS = new RegExp(
  `([?&](?:t|token|code|state|otp|password|secret|key|api_?key|sig|signature|magic_link|(?:access|id|refresh)_token)=)[^&#\\s"'<>]*`,
  "gi",
);

/** An email address, its `@` perhaps percent-encoded; the first character of the local part is kept. */
const EMAIL = /([A-Za-z0-9_+-])[A-Za-z0-9._%+-]*(?:@|%40)((?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,})/gi;

/** What may hold something to take out; the rest is passed by at the cost of one test. */
const SUSPECT = /@|%40|[?&]|claim|confirm|entry|my-data/i;

/**
 * `text` (a message, a URL, an error's message or stack) as the log may write it: email addresses
 * masked ("alice@example.com" reads "a***@example.com"), tokens in token-bearing paths and secret query parameters replaced by "[redacted]".
 */
export function redactText(text: string): string {
  if (!SUSPECT.test(text)) return text;
  return text.replace(TOKEN_PATHS, `$1${REDACTED}`).replace(SECRET_PARAMS, `$1${REDACTED}`).replace(EMAIL, "$1***@$2");
}
