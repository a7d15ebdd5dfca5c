/**
 * Multipart form bodies read as they stream (decision 064): busboy parses the parts as the bytes
 * arrive, text fields are checked one by one, and each file part goes straight to a temporary file
 * on disk (or, when the form's files are not kept, nowhere), so a request never holds its files in
 * memory. Also the process-wide gate on upload bytes being received at once.
 */
import { once } from "node:events";
import { createWriteStream, openAsBlob, type WriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { UPLOAD_LIMITS } from "../../domain/images";

const MB = 1024 * 1024;

export interface MultipartLimits {
  /** The body's bytes, counted as they stream; past them the form is refused (413). */
  maxBodyBytes: number;
  /** A file's bytes kept at most; a larger file is handed on with its size but without its bytes. */
  maxFileBytes: number;
  /** File parts accepted; one more refuses the form (413). */
  maxFiles: number;
  /** Whether file parts are kept on disk for the action to read, or only named (their bytes discarded as they arrive). */
  keepFiles: boolean;
}

/**
 * The largest file the wizard keeps: the largest kind's limit (UPLOAD_LIMITS). A larger file's
 * bytes are discarded as they arrive, and storeImageUpload refuses it by its size with the kind's
 * own "File too large" message.
 */
export const MAX_KEPT_FILE_BYTES = Math.max(...Object.values(UPLOAD_LIMITS)) * MB;

/** The most file inputs a wizard form has (the live edit's: logo, cover, product, gift and two prize images). */
const WIZARD_MAX_FILES = 10;

/**
 * What the wizard reads of a post (decision 064). A signed-in creator's step carries at most a
 * 10 MB cover, a 10 MB product image and a 5 MB logo (UPLOAD_LIMITS) and the live edit a few more
 * small images: 40 MB in all, as before. A visitor's files are never stored (decision 006: they
 * earn the "Preview after login" note, by name), so their bytes are discarded as they arrive, and a
 * visitor's post may carry at most one full-size image and the form: 11 MB.
 */
export const WIZARD_UPLOAD_LIMITS = {
  signedIn: { maxBodyBytes: 40 * MB, maxFileBytes: MAX_KEPT_FILE_BYTES, maxFiles: WIZARD_MAX_FILES, keepFiles: true },
  visitor: { maxBodyBytes: MAX_KEPT_FILE_BYTES + 1 * MB, maxFileBytes: 0, maxFiles: WIZARD_MAX_FILES, keepFiles: false },
} as const satisfies Record<string, MultipartLimits>;

/** Why a multipart body was refused; `field` carries the refusal of the field check. */
export type MultipartRefusalReason =
  | { kind: "malformed" }
  /** Reading the body failed: its own error (a BodyTooLargeError, the client gone) is the cause. */
  | { kind: "body-failed" }
  | { kind: "body-too-large"; limit: number }
  | { kind: "text-too-large" }
  | { kind: "too-many-files" }
  | { kind: "field"; refusal: { message: string; status: number } };

export class MultipartRefusal extends Error {
  readonly reason: MultipartRefusalReason;
  constructor(reason: MultipartRefusalReason, cause?: unknown) {
    super(`multipart body refused: ${reason.kind}`, cause === undefined ? undefined : { cause });
    this.name = "MultipartRefusal";
    this.reason = reason;
  }
}

/**
 * A file part whose bytes were not kept (a visitor's, or one over maxFileBytes): its name, type and
 * size as they arrived. Its content cannot be read.
 */
export class UnkeptFile extends File {
  constructor(name: string, type: string, size: number) {
    super([], name, { type });
    // Blob's size is the content's; this one's content was discarded, not its size.
    Object.defineProperty(this, "size", { value: size });
  }
  override arrayBuffer(): ReturnType<File["arrayBuffer"]> {
    return Promise.reject(this.#notKept());
  }
  override text(): ReturnType<File["text"]> {
    return Promise.reject(this.#notKept());
  }
  override bytes(): ReturnType<File["bytes"]> {
    return Promise.reject(this.#notKept());
  }
  override stream(): ReturnType<File["stream"]> {
    throw this.#notKept();
  }
  #notKept(): Error {
    return new Error(`The bytes of ${this.name || "this file"} were not kept.`);
  }
}

/** The parsed form, and how to remove its temporary files (always call it, once the form is no longer read). */
export interface ParsedMultipart {
  form: FormData;
  dispose(): Promise<void>;
}

/** Checks one field as it arrives (`text` is null for a file): the refusal, or null to go on. */
export type FieldCheck = (name: string, text: string | null) => { message: string; status: number } | null;

/**
 * Reads a multipart/form-data request as it streams, within `limits` and `maxTextBytes` (the text
 * fields together), checking each field with `check` before the next one is read. Throws a
 * MultipartRefusal for a form it refuses or a body that failed (its error as the cause), and any
 * other error (a disk that is full) as it is; nothing is left on disk when it throws.
 */
export async function parseMultipart(
  request: Request,
  limits: MultipartLimits & { maxTextBytes: number },
  check: FieldCheck,
): Promise<ParsedMultipart> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("Content-Type") ?? "" },
      // Browsers send file names as UTF-8, unescaped.
      defParamCharset: "utf8",
      limits: { fieldSize: limits.maxTextBytes + 1, headerPairs: 64 },
    });
  } catch {
    // No boundary, or not multipart after all.
    throw new MultipartRefusal({ kind: "malformed" });
  }
  if (!request.body) throw new MultipartRefusal({ kind: "malformed" });
  // Made before the body is read, so a file part is written the moment it arrives.
  const directory = limits.keepFiles ? await mkdtemp(path.join(os.tmpdir(), "giveawear-upload-")) : null;

  const entries: [string, string | File][] = [];
  const pending: Promise<void>[] = [];
  const writers = new Set<WriteStream>();
  let refusal: MultipartRefusal | null = null;
  let sourceError: unknown = null;
  let diskError: unknown = null;
  let textBytes = 0;
  let files = 0;

  const refuse = (reason: MultipartRefusalReason) => {
    refusal ??= new MultipartRefusal(reason);
    parser.destroy(refusal);
  };
  const failOnDisk = (error: unknown) => {
    diskError ??= error;
    parser.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  const addText = (name: string, value: string) => {
    textBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
    if (textBytes > limits.maxTextBytes) return refuse({ kind: "text-too-large" });
    const refused = check(name, value);
    if (refused) return refuse({ kind: "field", refusal: refused });
    entries.push([name, value]);
  };

  parser.on("field", (name, value, info) => {
    if (refusal) return;
    if (info.valueTruncated) return refuse({ kind: "text-too-large" });
    addText(name, value);
  });

  parser.on("file", (name, stream, info) => {
    // A part's error (the body cut short) is the parser's to report.
    stream.on("error", () => undefined);
    if (refusal) return void stream.resume();
    // A browser sends an untouched file input as `filename=""`, typed application/octet-stream, which
    // busboy hands on without a name: a file with no name, as undici reads it.
    const filename = info.filename ?? "";
    const refused = check(name, null);
    if (refused) return void (refuse({ kind: "field", refusal: refused }), stream.resume());
    files += 1;
    if (files > limits.maxFiles) return void (refuse({ kind: "too-many-files" }), stream.resume());
    const index = entries.push([name, new File([], filename, { type: info.mimeType })]) - 1;
    pending.push(
      receiveFile(stream, `part-${files}`, filename, info.mimeType).then((file) => void (entries[index] = [name, file]), failOnDisk),
    );
  });

  /** One file part: counted, and kept in a temporary file while it stays within maxFileBytes. */
  async function receiveFile(stream: Readable, key: string, filename: string, type: string): Promise<File> {
    const where = directory ? path.join(directory, key) : null;
    let size = 0;
    let writer: WriteStream | null = null;
    let overLimit = false;
    const ended = once(stream, "end").then(
      () => true,
      () => false,
    );
    stream.on("data", (chunk: Buffer) => {
      size += chunk.byteLength;
      if (!where || overLimit) return;
      if (size > limits.maxFileBytes) {
        // Over the limit: what was written goes with the directory, and the rest is only counted.
        overLimit = true;
        if (writer) stopWriting(writer);
        return;
      }
      if (!writer) {
        writer = createWriteStream(where, { flags: "wx" });
        writer.on("error", failOnDisk);
        writers.add(writer);
      }
      if (!writer.write(chunk)) {
        stream.pause();
        writer.once("drain", () => stream.resume());
      }
    });
    // A part cut short: the parser reports the form as malformed.
    if (!(await ended)) return new UnkeptFile(filename, type, size);
    const kept = writer as WriteStream | null;
    if (size === 0) return new File([], filename, { type });
    if (!kept || overLimit || !where) return new UnkeptFile(filename, type, size);
    await new Promise<void>((resolve) => kept.end(resolve));
    return new File([await openAsBlob(where, { type })], filename, { type });
  }

  /** Ends a temporary file's writing on purpose: what it still had to write may fail, and that is no fault. */
  function stopWriting(writer: WriteStream) {
    writer.off("error", failOnDisk);
    writer.on("error", () => undefined);
    writer.destroy();
  }

  async function removeFiles() {
    for (const writer of writers) stopWriting(writer);
    await Promise.all([...writers].map((writer) => (writer.closed ? undefined : once(writer, "close").catch(() => undefined))));
    if (directory) await rm(directory, { recursive: true, force: true });
  }

  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.byteLength;
      if (received > limits.maxBodyBytes) {
        refusal ??= new MultipartRefusal({ kind: "body-too-large", limit: limits.maxBodyBytes });
        return callback(refusal);
      }
      callback(null, chunk);
    },
  });
  const body = request.body;
  /** The body's chunks; an error reading them (not the parser's) is remembered as the body's own. */
  async function* source() {
    const reader = body.getReader();
    let finished = false;
    try {
      for (;;) {
        let next: ReadableStreamReadResult<Uint8Array>;
        try {
          next = await reader.read();
        } catch (error) {
          finished = true;
          sourceError ??= error;
          throw error;
        }
        if (next.done) return void (finished = true);
        yield next.value;
      }
    } finally {
      // Stopped early (a refusal): the rest of the body is not read here.
      if (!finished) void reader.cancel().catch(() => undefined);
    }
  }

  try {
    await pipeline(source, counter, parser);
    await Promise.all(pending);
    if (refusal ?? diskError) throw refusal ?? diskError;
  } catch {
    await Promise.allSettled(pending);
    await removeFiles();
    if (refusal) throw refusal;
    if (diskError) throw diskError;
    // The body's own failure: its BodyTooLargeError (the server has answered 413), or the client gone.
    if (sourceError) throw new MultipartRefusal({ kind: "body-failed" }, sourceError);
    // busboy's: a part header it cannot read, a form cut short.
    throw new MultipartRefusal({ kind: "malformed" });
  }

  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return { form, dispose: removeFiles };
}

/** A request for a slot in the upload gate: how many bytes it holds, and how to give them back. */
export interface UploadTicket {
  /** Counts `bytes` more of a body sent without a length; false when that passes the gate's capacity. */
  receive(bytes: number): boolean;
  release(): void;
}

/**
 * The bytes of upload bodies a process receives at once (decision 064). A body with a Content-Length
 * holds its length from the start; one without holds what has arrived so far. A request that would
 * pass `capacity` is refused (503 with Retry-After) instead of being read.
 */
export class UploadGate {
  readonly capacity: number;
  #held = 0;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  get held(): number {
    return this.#held;
  }

  /** A ticket for a body of `declared` bytes (null: sent without a length), or null when the gate is full. */
  admit(declared: number | null): UploadTicket | null {
    const upFront = declared ?? 0;
    if (this.#held + upFront > this.capacity || (declared === null && this.#held >= this.capacity)) return null;
    this.#held += upFront;
    let held = upFront;
    let released = false;
    return {
      receive: (bytes) => {
        if (declared !== null || released) return true;
        held += bytes;
        this.#held += bytes;
        return this.#held <= this.capacity;
      },
      release: () => {
        if (released) return;
        released = true;
        this.#held -= held;
      },
    };
  }
}

export const UPLOADS_BUSY = {
  message: "We are receiving a lot of uploads right now. Please try again in a moment.",
  retryAfterSeconds: 10,
} as const;

/** What reading an upload body throws once the gate refused it mid-stream: the server has already answered 503. */
export class UploadsBusyError extends Error {
  constructor() {
    super(UPLOADS_BUSY.message);
    this.name = "UploadsBusyError";
  }
}
