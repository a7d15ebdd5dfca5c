/**
 * What an error page says for a thrown error. A 4xx is the request's fault and says so in plain
 * words; only a 5xx or an unexpected exception is "something went wrong on our side".
 */
export interface ErrorPageText {
  status: number;
  title: string;
  message: string;
  /** True for 5xx and non-HTTP errors: worth logging, and the visitor may simply retry. */
  serverFault: boolean;
}

/** A route error response, as `isRouteErrorResponse` narrows it. */
export interface RouteErrorLike {
  status: number;
  data: unknown;
}

export const SERVER_FAULT = {
  title: "Unexpected Application Error!",
  message: "Something went wrong on our side. Please try again in a moment.",
} as const;

const CLIENT_ERRORS: Record<number, { title: string; message: string }> = {
  400: { title: "Bad Request", message: "We couldn't understand that request. Please go back and try again." },
  401: { title: "Unauthorized", message: "Please sign in and try again." },
  403: { title: "Forbidden", message: "You don't have permission to do that." },
  404: { title: "Page Not Found", message: "We couldn't find that page." },
  405: { title: "Method Not Allowed", message: "This page doesn't accept that kind of request." },
  409: { title: "Conflict", message: "That couldn't be done because something changed in the meantime. Please try again." },
  410: { title: "Gone", message: "That page is no longer available." },
  413: { title: "Content Too Large", message: "What you sent is larger than we accept." },
  415: { title: "Unsupported Media Type", message: "What you sent is in a format we can't read." },
  429: { title: "Too Many Requests", message: "Please wait a moment and try again." },
};

const OTHER_CLIENT_ERROR = { title: "Request Not Accepted", message: "We couldn't accept that request. Please go back and try again." };

const MAX_SHOWN_MESSAGE = 200;

/** Bare reason phrases say nothing the heading doesn't. */
const REASON_PHRASES = new Set([
  ...Object.values(CLIENT_ERRORS).map(({ title }) => title.toLowerCase()),
  "not found",
  "payload too large",
  OTHER_CLIENT_ERROR.title.toLowerCase(),
]);

/** A thrown response's own message, when it is short plain text meant for people (never an Error's text). */
function ownMessage(data: unknown): string | null {
  const text =
    typeof data === "string"
      ? data
      : typeof data === "object" && data !== null && !(data instanceof Error) && typeof (data as { message?: unknown }).message === "string"
        ? (data as { message: string }).message
        : null;
  const trimmed = text?.trim();
  if (!trimmed || trimmed.length > MAX_SHOWN_MESSAGE || /[\r\n]/.test(trimmed) || REASON_PHRASES.has(trimmed.toLowerCase())) return null;
  // React Router's own refusals arrive as "Error: You made a POST request to ... route "start" ...":
  // words for developers, naming our route ids, not for visitors.
  if (/^\w*Error:/.test(trimmed)) return null;
  return trimmed;
}

export function describeError(error: unknown, isRouteError: (error: unknown) => error is RouteErrorLike): ErrorPageText {
  if (!isRouteError(error) || error.status >= 500 || error.status < 400) {
    return { status: isRouteError(error) ? error.status : 500, ...SERVER_FAULT, serverFault: true };
  }
  const known = CLIENT_ERRORS[error.status] ?? OTHER_CLIENT_ERROR;
  const own = ownMessage(error.data);
  // "Page Not Found" or "Bad Request" as the generic heading; the response's own words, if any, below it.
  return { status: error.status, title: known.title, message: own ?? known.message, serverFault: false };
}
