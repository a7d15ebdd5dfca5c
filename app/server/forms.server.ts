import { data } from "react-router";

/** Form field names may carry list positions (`prizes[3].title`); none of our lists comes near this. */
export const MAX_FORM_INDEX = 999;
/** The largest form we render has well under a hundred fields. */
export const MAX_FORM_FIELDS = 1000;

/**
 * The largest url-encoded form we accept, in bytes. Our biggest text field is an email template's
 * HTML body; files come as multipart, whose routes check their own sizes.
 */
export const MAX_URLENCODED_BYTES = 2 * 1024 * 1024;

export const FORM_MESSAGES = {
  tooLarge: `The form is larger than we accept (at most ${MAX_URLENCODED_BYTES / 1024 / 1024} MB).`,
  lengthRequired: "Please send the form with a Content-Length.",
  unsupported: "Please send this form as application/x-www-form-urlencoded or multipart/form-data.",
  malformed: "The form could not be read. Please try again.",
  tooManyFields: `The form has too many fields (at most ${MAX_FORM_FIELDS} are accepted).`,
  indexTooLarge: `The form has a list position above ${MAX_FORM_INDEX}, which is more than we accept.`,
} as const;

const FORM_MEDIA_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
const INDEX_PATTERN = /\[(\d+)\]/g;

/**
 * The submitted form of an action. Anything that is not a readable form is refused with a 4xx
 * React Router response (never a 500): 415 for another Content-Type, 400 for a malformed body or a
 * list position above MAX_FORM_INDEX (Conform would build a sparse array that long and zod would
 * walk all of it), 413 for more than MAX_FORM_FIELDS fields. Nothing has been written when it throws.
 */
export async function readForm(request: Request): Promise<FormData> {
  const mediaType = (request.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_MEDIA_TYPES.has(mediaType)) throw data(FORM_MESSAGES.unsupported, { status: 415 });

  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    // Undici's TypeError: a multipart body without a boundary, cut short or otherwise unparsable.
    throw data(FORM_MESSAGES.malformed, { status: 400 });
  }

  let fields = 0;
  for (const name of formData.keys()) {
    fields += 1;
    if (fields > MAX_FORM_FIELDS) throw data(FORM_MESSAGES.tooManyFields, { status: 413 });
    for (const [, index] of name.matchAll(INDEX_PATTERN)) {
      if (Number(index) > MAX_FORM_INDEX) throw data(FORM_MESSAGES.indexTooLarge, { status: 400 });
    }
  }
  return formData;
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
