import { data } from "react-router";
import { type MultipartLimits, MultipartRefusal, type MultipartRefusalReason, parseMultipart, UPLOADS_BUSY } from "./multipart.server";
import { href, wizardPath } from "../../paths";

/** Form field names may carry list positions (`prizes[3].title`); none of our lists comes near this. */
export const MAX_FORM_INDEX = 999;
/** The largest form we render has well under a hundred fields. */
export const MAX_FORM_FIELDS = 1000;
/** Our longest field name (`additionalPrizes[1].imageFile`) has 30 characters. */
export const MAX_FIELD_NAME_LENGTH = 200;
/**
 * How deep a field name may nest (`a.b[0].c` is 4 levels: each `.` or `[` opens one). Ours go 3
 * deep; Conform builds one nested object per level, and zod then walks them recursively, so a name
 * 300 levels deep overflowed the stack (decision 064).
 */
export const MAX_FIELD_NAME_DEPTH = 8;

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
  /** Stripe's, Printify's and Twilio's notifications (WEBHOOK_ROUTES). */
  webhooks: 1 * MB,
} as const;

export const UPLOAD_ROUTES = [wizardPath(), href("/admin/dashboard/settings/slider")] as const;
export const WEBHOOK_ROUTES = [
  href("/webhooks/stripe"),
  href("/webhooks/printify"),
  href("/webhooks/twilio/status"),
  href("/webhooks/twilio/inbound"),
] as const;

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
  const cause = errorNamed(error, "BodyTooLargeError");
  return cause && typeof (cause as BodyTooLargeError).limit === "number" ? (cause as BodyTooLargeError) : null;
}

/** The error named `name` behind `error` (itself or one of its causes), or null. */
function errorNamed(error: unknown, name: string): Error | null {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    if (cause.name === name) return cause;
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
  nameTooLong: `The form has a field name longer than ${MAX_FIELD_NAME_LENGTH} characters, which is more than we accept.`,
  nameTooDeep: `The form has a field name nested more than ${MAX_FIELD_NAME_DEPTH} levels deep, which is more than we accept.`,
  textTooLarge: `The form's text is larger than we accept (at most ${MAX_URLENCODED_BYTES / 1024 / 1024} MB).`,
  tooManyFiles: "The form has more files than we accept.",
} as const;

const FORM_MEDIA_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
const INDEX_PATTERN = /\[(\d+)\]/g;
/**
 * Control characters no text field may hold: NUL (PostgreSQL refuses it in text), the other C0
 * controls, DEL and the C1 controls (U+0080 to U+009F: no keyboard types them, and one hidden in an
 * address makes it another address). Tab, line feed and carriage return are ordinary text.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Why a form is refused: the plain message and its 4xx. */
export interface FormRefusal {
  message: string;
  status: number;
}

/**
 * The submitted form of an action. Anything that is not a readable form is refused with a 4xx
 * React Router response (never a 500): 415 for another Content-Type, 400 for a malformed body, a
 * field name too long or nested too deep, a list position above MAX_FORM_INDEX (Conform would build
 * a sparse array that long and zod would walk all of it) or a control character in a field's name
 * or text (files are not text), 413 for more than MAX_FORM_FIELDS fields or a body over its limit
 * (BODY_LIMITS). Fields are checked as they are read, before anything builds objects from their
 * names (decision 064). Files are not kept: each is a File with its name, type and size only, so
 * routes that store uploads read their form with withUploadForm. Nothing has been written when it
 * throws.
 */
export async function readForm(request: Request): Promise<FormData> {
  const { form } = await readFormParts(request, TEXT_FORM);
  return form;
}

/**
 * Runs `act` with the request's form, whose files (up to `limits`, decision 064) are kept in
 * temporary files on disk while it runs and removed when it ends, whether it returns or throws. The
 * form is refused as readForm refuses it, and with 413 when the body passes `limits.maxBodyBytes`
 * (counted as it streams, so a body without a Content-Length is bounded too).
 */
export async function withUploadForm<T>(request: Request, limits: MultipartLimits, act: (form: FormData) => Promise<T>): Promise<T> {
  const { form, dispose } = await readFormParts(request, limits);
  try {
    return await act(form);
  } finally {
    await dispose();
  }
}

/** readForm's limits for a multipart body: its files are only named, and the HTTP server bounds the body (BODY_LIMITS). */
const TEXT_FORM: MultipartLimits = {
  maxBodyBytes: Number.POSITIVE_INFINITY,
  maxFileBytes: 0,
  maxFiles: MAX_FORM_FIELDS,
  keepFiles: false,
};

async function readFormParts(request: Request, limits: MultipartLimits): Promise<{ form: FormData; dispose(): Promise<void> }> {
  const mediaType = (request.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_MEDIA_TYPES.has(mediaType)) throw data(FORM_MESSAGES.unsupported, { status: 415 });
  if (mediaType === "multipart/form-data") {
    try {
      return await parseMultipart(request, { ...limits, maxTextBytes: MAX_URLENCODED_BYTES }, fieldChecker());
    } catch (error) {
      throw multipartFailure(error);
    }
  }

  let text: string;
  try {
    text = await request.text();
  } catch (error) {
    throw bodyFailure(error);
  }
  // Counted in the text before any list of fields is built.
  if (moreFieldsThan(text, MAX_FORM_FIELDS)) throw data(FORM_MESSAGES.tooManyFields, { status: 413 });
  const fields = new URLSearchParams(text);
  const refusal = formFieldsRefusal(fields);
  if (refusal) throw data(refusal.message, { status: refusal.status });
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return { form, dispose: async () => undefined };
}

/**
 * The 4xx React Router response for a multipart form refused, or whose body failed to arrive;
 * anything else (a full disk while keeping a file) is a fault, thrown as it is.
 */
function multipartFailure(error: unknown): unknown {
  if (!(error instanceof MultipartRefusal)) return error;
  if (error.reason.kind === "body-failed") return bodyFailure(error.cause);
  const refusal = multipartRefusal(error.reason);
  return data(refusal.message, { status: refusal.status });
}

/** The answer for a body that failed to arrive: 413 past its limit, 503 when the upload gate closed on it, 400 otherwise. */
function bodyFailure(error: unknown) {
  const tooLarge = bodyTooLarge(error);
  if (tooLarge) return data(bodyTooLargeMessage(tooLarge.limit), { status: 413 });
  // The server has answered 503 already.
  if (errorNamed(error, "UploadsBusyError")) {
    return data(UPLOADS_BUSY.message, { status: 503, headers: { "Retry-After": String(UPLOADS_BUSY.retryAfterSeconds) } });
  }
  // A body cut short or otherwise unreadable.
  return data(FORM_MESSAGES.malformed, { status: 400 });
}

function multipartRefusal(reason: Exclude<MultipartRefusalReason, { kind: "body-failed" }>): FormRefusal {
  switch (reason.kind) {
    case "field":
      return reason.refusal;
    case "body-too-large":
      return { message: bodyTooLargeMessage(reason.limit), status: 413 };
    case "text-too-large":
      return { message: FORM_MESSAGES.textTooLarge, status: 413 };
    case "too-many-files":
      return { message: FORM_MESSAGES.tooManyFiles, status: 413 };
    case "malformed":
      return { message: FORM_MESSAGES.malformed, status: 400 };
  }
}

/** Whether a url-encoded body has more than `max` fields (non-empty `&`-separated pairs), counted without splitting it. */
function moreFieldsThan(text: string, max: number): boolean {
  let count = 0;
  let start = 0;
  for (;;) {
    const end = text.indexOf("&", start);
    const stop = end === -1 ? text.length : end;
    if (stop > start && ++count > max) return true;
    if (end === -1) return false;
    start = end + 1;
  }
}

/**
 * Why readForm refuses these fields, or null: more than MAX_FORM_FIELDS (413), a name longer than
 * MAX_FIELD_NAME_LENGTH or nested deeper than MAX_FIELD_NAME_DEPTH, a list position above
 * MAX_FORM_INDEX or a control character in a name or a text value (400). The entry lane asks too,
 * and leaves a form refused here to the page's action (decision 062).
 */
export function formFieldsRefusal(fields: Iterable<[string, FormDataEntryValue]>): FormRefusal | null {
  const check = fieldChecker();
  for (const [name, value] of fields) {
    const refusal = check(name, typeof value === "string" ? value : null);
    if (refusal) return refusal;
  }
  return null;
}

/**
 * A check of a form's fields one at a time, as they are read (`text` is null for a file): why the
 * form is refused at this field, or null. It counts the fields it has seen.
 */
export function fieldChecker(): (name: string, text: string | null) => FormRefusal | null {
  let count = 0;
  return (name, text) => {
    count += 1;
    if (count > MAX_FORM_FIELDS) return { message: FORM_MESSAGES.tooManyFields, status: 413 };
    if (name.length > MAX_FIELD_NAME_LENGTH) return { message: FORM_MESSAGES.nameTooLong, status: 400 };
    if (nameDepth(name) > MAX_FIELD_NAME_DEPTH) return { message: FORM_MESSAGES.nameTooDeep, status: 400 };
    for (const [, index] of name.matchAll(INDEX_PATTERN)) {
      if (Number(index) > MAX_FORM_INDEX) return { message: FORM_MESSAGES.indexTooLarge, status: 400 };
    }
    if (FORBIDDEN_CHARACTERS.test(name) || (text !== null && FORBIDDEN_CHARACTERS.test(text))) {
      return { message: FORM_MESSAGES.forbiddenCharacters, status: 400 };
    }
    return null;
  };
}

/** The levels of a field name as Conform reads it: one, and one more for each `.` or `[`. */
function nameDepth(name: string): number {
  let depth = 1;
  for (let i = 0; i < name.length; i += 1) {
    const code = name.charCodeAt(i);
    if (code === 0x2e || code === 0x5b) depth += 1;
  }
  return depth;
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
