import { data } from "react-router";

/** Form field names may carry list positions (`prizes[3].title`); none of our lists comes near this. */
export const MAX_FORM_INDEX = 999;
/** The largest form we render has well under a hundred fields. */
export const MAX_FORM_FIELDS = 1000;

/**
 * The largest url-encoded form we accept, in bytes. Our biggest text field is an email template's
 * HTML body; files come as multipart, which BODY_LIMITS bounds.
 */
export const MAX_URLENCODED_BYTES = 2 * 1024 * 1024;

const MB = 1024 * 1024;

/**
 * The largest request body the server reads, in bytes, counted as it streams (any Content-Type,
 * with or without a Content-Length) before anything parses it. Uploads: a wizard step carries at
 * most a 10 MB product image and a 5 MB logo (UPLOAD_LIMITS); the wizard itself answers bodies
 * declared over 40 MB with its own "File too large" message, and this leaves room above that, so
 * an oversized image is still named by the form rather than refused outright.
 */
export const BODY_LIMITS = {
  /** Every other form, the sign-in and entry forms included. */
  default: 2 * MB,
  /** The routes that take image uploads (UPLOAD_ROUTES). */
  uploads: 45 * MB,
  /** Stripe's and Printify's event notifications (WEBHOOK_ROUTES). */
  webhooks: 1 * MB,
} as const;

export const UPLOAD_ROUTES = ["/create-campaign-v2", "/admin/dashboard/settings/slider"] as const;
export const WEBHOOK_ROUTES = ["/webhooks/stripe", "/webhooks/printify"] as const;

/** The body limit for a request path (React Router's `.data` requests count as their page). */
export function bodyLimitFor(pathname: string): number {
  const page = pathname
    .toLowerCase()
    .replace(/\.data$/, "")
    .replace(/(.)\/+$/, "$1");
  if ((UPLOAD_ROUTES as readonly string[]).includes(page)) return BODY_LIMITS.uploads;
  if ((WEBHOOK_ROUTES as readonly string[]).includes(page)) return BODY_LIMITS.webhooks;
  return BODY_LIMITS.default;
}

export function bodyTooLargeMessage(limit: number): string {
  return `The request is larger than we accept (at most ${limit / MB} MB).`;
}

/**
 * What reading a request body throws once it passes its limit: the server has already answered
 * 413 and stopped reading (server/app.ts).
 */
export class BodyTooLargeError extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(bodyTooLargeMessage(limit));
    this.name = "BodyTooLargeError";
    this.limit = limit;
  }
}

/** The BodyTooLargeError behind a failed read (undici may wrap it), known by name so any copy of this module recognises it. */
function bodyTooLarge(error: unknown): { limit: number } | null {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    if (cause.name === "BodyTooLargeError" && typeof (cause as BodyTooLargeError).limit === "number") return cause as BodyTooLargeError;
  }
  return null;
}

export const FORM_MESSAGES = {
  tooLarge: `The form is larger than we accept (at most ${MAX_URLENCODED_BYTES / 1024 / 1024} MB).`,
  lengthRequired: "Please send the form with a Content-Length.",
  unsupported: "Please send this form as application/x-www-form-urlencoded or multipart/form-data.",
  malformed: "The form could not be read. Please try again.",
  forbiddenCharacters: "The form contains characters we cannot accept.",
  tooManyFields: `The form has too many fields (at most ${MAX_FORM_FIELDS} are accepted).`,
  indexTooLarge: `The form has a list position above ${MAX_FORM_INDEX}, which is more than we accept.`,
} as const;

const FORM_MEDIA_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
const INDEX_PATTERN = /\[(\d+)\]/g;
/**
 * Control characters no text field may hold: NUL (PostgreSQL refuses it in text) and the other C0
 * controls and DEL. Tab, line feed and carriage return are ordinary text.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * The submitted form of an action. Anything that is not a readable form is refused with a 4xx
 * React Router response (never a 500): 415 for another Content-Type, 400 for a malformed body or a
 * list position above MAX_FORM_INDEX (Conform would build a sparse array that long and zod would
 * walk all of it) or a control character in a field's name or text (files are not text), 413 for
 * more than MAX_FORM_FIELDS fields or a body over its limit (BODY_LIMITS). Nothing has been
 * written when it throws.
 */
export async function readForm(request: Request): Promise<FormData> {
  const mediaType = (request.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_MEDIA_TYPES.has(mediaType)) throw data(FORM_MESSAGES.unsupported, { status: 415 });

  let formData: FormData;
  try {
    formData = await request.formData();
  } catch (error) {
    const tooLarge = bodyTooLarge(error);
    if (tooLarge) throw data(bodyTooLargeMessage(tooLarge.limit), { status: 413 });
    // Undici's TypeError: a multipart body without a boundary, cut short or otherwise unparsable.
    throw data(FORM_MESSAGES.malformed, { status: 400 });
  }

  const refusal = formFieldsRefusal(formData);
  if (refusal) throw data(refusal.message, { status: refusal.status });
  return formData;
}

/**
 * Why readForm refuses these fields, or null: more than MAX_FORM_FIELDS (413), a list position
 * above MAX_FORM_INDEX or a control character in a name or a text value (400). The entry lane asks
 * too, and leaves a form refused here to the page's action (decision 062).
 */
export function formFieldsRefusal(fields: Iterable<[string, FormDataEntryValue]>): { message: string; status: number } | null {
  let count = 0;
  for (const [name, value] of fields) {
    count += 1;
    if (count > MAX_FORM_FIELDS) return { message: FORM_MESSAGES.tooManyFields, status: 413 };
    for (const [, index] of name.matchAll(INDEX_PATTERN)) {
      if (Number(index) > MAX_FORM_INDEX) return { message: FORM_MESSAGES.indexTooLarge, status: 400 };
    }
    if (FORBIDDEN_CHARACTERS.test(name) || (typeof value === "string" && FORBIDDEN_CHARACTERS.test(value))) {
      return { message: FORM_MESSAGES.forbiddenCharacters, status: 400 };
    }
  }
  return null;
}

/**
 * Checked by the HTTP server before anything reads the body, so an oversized url-encoded form is
 * refused without being read: 413 over MAX_URLENCODED_BYTES, 411 when it comes without a length
 * (browsers always send one for forms). Answers null for a request that may go on.
 */
export function urlencodedBodyRefusal(headers: {
  "content-type"?: string;
  "content-length"?: string;
  "transfer-encoding"?: string;
}): { status: 411 | 413; message: string } | null {
  if (!/^application\/x-www-form-urlencoded\b/i.test(headers["content-type"] ?? "")) return null;
  const declared = headers["content-length"];
  if (declared === undefined) return headers["transfer-encoding"] ? { status: 411, message: FORM_MESSAGES.lengthRequired } : null;
  return Number(declared) > MAX_URLENCODED_BYTES ? { status: 413, message: FORM_MESSAGES.tooLarge } : null;
}
