/**
 * Forms read as they stream (decision 064): files kept on disk only while the action runs, limits
 * enforced as the bytes arrive, field names bounded before anything builds objects from them, and
 * the process-wide gate on upload bytes received at once.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FORM_MESSAGES,
  MAX_FIELD_NAME_DEPTH,
  MAX_FIELD_NAME_LENGTH,
  MAX_FORM_FIELDS,
  bodyTooLargeMessage,
  readForm,
  withUploadForm,
} from "~/server/core/forms.server";
import { type MultipartLimits, UnkeptFile, UploadGate, WIZARD_UPLOAD_LIMITS } from "~/server/core/multipart.server";

const MB = 1024 * 1024;
const KEEP: MultipartLimits = { maxBodyBytes: 2 * MB, maxFileBytes: 64 * 1024, maxFiles: 2, keepFiles: true };

let temporary = "";
let previousTmpdir: string | undefined;

beforeAll(() => {
  previousTmpdir = process.env.TMPDIR;
  temporary = mkdtempSync(path.join(os.tmpdir(), "giveawear-multipart-test-"));
  process.env.TMPDIR = temporary;
});

afterAll(() => {
  if (previousTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmpdir;
  rmSync(temporary, { recursive: true, force: true });
});

const leftovers = () => readdirSync(temporary);

/** A multipart request of `body`, sent as a stream without a length (as a chunked upload arrives). */
function streamed(body: FormData): Request {
  const encoded = new Response(body);
  return new Request("http://localhost/create-campaign-v2", {
    method: "POST",
    headers: { "Content-Type": encoded.headers.get("Content-Type") ?? "" },
    body: encoded.body,
    duplex: "half",
  } as RequestInit);
}

function multipart(fields: [string, string | File][]): Request {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  return new Request("http://localhost/create-campaign-v2", { method: "POST", body });
}

function urlencoded(body: string): Request {
  return new Request("http://localhost/contact", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
}

/** What a read throws: React Router's data(...) with its status. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number | undefined; message: unknown }> {
  try {
    await promise;
  } catch (error) {
    const thrown = error as { data?: unknown; init?: { status?: number } };
    return { status: thrown.init?.status, message: thrown.data };
  }
  throw new Error("the form was accepted");
}

const bytes = (length: number, fill = 7) => new Uint8Array(length).fill(fill);

describe("withUploadForm", () => {
  it("keeps a file on disk while the action runs, with its bytes, name and type, and removes it after", async () => {
    const content = bytes(40_000, 9);
    const seen = await withUploadForm(
      multipart([
        ["title", "Hello"],
        ["logoFile", new File([content], "logo.png", { type: "image/png" })],
      ]),
      KEEP,
      async (form) => {
        const file = form.get("logoFile") as File;
        expect(leftovers()).toHaveLength(1);
        return {
          title: form.get("title"),
          name: file.name,
          type: file.type,
          size: file.size,
          bytes: new Uint8Array(await file.arrayBuffer()),
        };
      },
    );
    expect(seen).toEqual({ title: "Hello", name: "logo.png", type: "image/png", size: 40_000, bytes: content });
    expect(leftovers()).toEqual([]);
  });

  it("removes the files when the action throws", async () => {
    const request = multipart([["logoFile", new File([bytes(1000)], "logo.png", { type: "image/png" })]]);
    await expect(
      withUploadForm(request, KEEP, () => {
        throw new Error("the action failed");
      }),
    ).rejects.toThrow("the action failed");
    expect(leftovers()).toEqual([]);
  });

  it("hands on a file over maxFileBytes with its size but not its bytes", async () => {
    await withUploadForm(multipart([["logoFile", new File([bytes(100_000)], "big.png", { type: "image/png" })]]), KEEP, async (form) => {
      const file = form.get("logoFile");
      expect(file).toBeInstanceOf(UnkeptFile);
      expect((file as File).size).toBe(100_000);
      expect((file as File).name).toBe("big.png");
      await expect((file as File).arrayBuffer()).rejects.toThrow("were not kept");
    });
    expect(leftovers()).toEqual([]);
  });

  it("keeps nothing of a visitor's files but their names and sizes", async () => {
    const request = multipart([["logoFile", new File([bytes(5000)], "mine.png", { type: "image/png" })]]);
    await withUploadForm(request, WIZARD_UPLOAD_LIMITS.visitor, (form) => {
      expect(leftovers()).toEqual([]);
      const file = form.get("logoFile") as File;
      expect([file.name, file.size]).toEqual(["mine.png", 5000]);
      return Promise.resolve();
    });
  });

  it("hands on an untouched file input as browsers send it: no name, no bytes", async () => {
    await withUploadForm(multipart([["logoFile", new File([], "", { type: "application/octet-stream" })]]), KEEP, (form) => {
      const file = form.get("logoFile") as File;
      expect([file.name, file.size]).toEqual(["", 0]);
      return Promise.resolve();
    });
  });

  it("refuses a body without a length with 413 once it passes maxBodyBytes, and leaves nothing on disk", async () => {
    const body = new FormData();
    body.append("a", new File([bytes(40_000)], "a.png", { type: "image/png" }));
    body.append("b", new File([bytes(3 * MB)], "b.png", { type: "image/png" }));
    const request = streamed(body);
    expect(request.headers.get("Content-Length")).toBeNull();
    expect(await refusal(withUploadForm(request, KEEP, () => Promise.resolve()))).toEqual({
      status: 413,
      message: bodyTooLargeMessage(KEEP.maxBodyBytes),
    });
    expect(leftovers()).toEqual([]);
  });

  it("refuses more files than maxFiles with 413", async () => {
    const files = ["a", "b", "c"].map((name): [string, File] => [name, new File([bytes(10)], `${name}.png`, { type: "image/png" })]);
    expect(await refusal(withUploadForm(multipart(files), KEEP, () => Promise.resolve()))).toEqual({
      status: 413,
      message: FORM_MESSAGES.tooManyFiles,
    });
    expect(leftovers()).toEqual([]);
  });

  it("stops at a refused field, before the files after it, and leaves nothing on disk", async () => {
    const request = multipart([
      ["logoFile", new File([bytes(1000)], "logo.png", { type: "image/png" })],
      [`a${".a".repeat(MAX_FIELD_NAME_DEPTH)}`, "x"],
      ["coverFile", new File([bytes(1000)], "cover.png", { type: "image/png" })],
    ]);
    expect(await refusal(withUploadForm(request, KEEP, () => Promise.resolve()))).toEqual({
      status: 400,
      message: FORM_MESSAGES.nameTooDeep,
    });
    expect(leftovers()).toEqual([]);
  });

  it("answers a form cut short with 400", async () => {
    const body = '--b\r\nContent-Disposition: form-data; name="a"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nhalf a fi';
    const request = new Request("http://localhost/x", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=b" },
      body,
    });
    expect(await refusal(withUploadForm(request, KEEP, () => Promise.resolve()))).toEqual({
      status: 400,
      message: FORM_MESSAGES.malformed,
    });
    expect(leftovers()).toEqual([]);
  });
});

describe("field names", () => {
  it.each([
    ["a name of the longest length", "n".repeat(MAX_FIELD_NAME_LENGTH)],
    ["a name nested to the deepest level", `a${".b".repeat(MAX_FIELD_NAME_DEPTH - 1)}`],
    ["our deepest name", "additionalPrizes[1].imageUrl"],
  ])("accept %s", async (_label, name) => {
    expect((await readForm(urlencoded(`${encodeURIComponent(name)}=x`))).get(name)).toBe("x");
  });

  it.each([
    ["a name one character too long", "n".repeat(MAX_FIELD_NAME_LENGTH + 1), FORM_MESSAGES.nameTooLong],
    ["a name nested a level too deep (dots)", `a${".b".repeat(MAX_FIELD_NAME_DEPTH)}`, FORM_MESSAGES.nameTooDeep],
    ["a name nested a level too deep (list positions)", `a${"[0]".repeat(MAX_FIELD_NAME_DEPTH)}`, FORM_MESSAGES.nameTooDeep],
  ])("refuse %s with 400", async (_label, name, message) => {
    expect(await refusal(readForm(urlencoded(`${encodeURIComponent(name)}=x`)))).toEqual({ status: 400, message });
  });

  it(`a url-encoded form of more than ${MAX_FORM_FIELDS} fields is refused from its text`, async () => {
    const body = Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i) => `f${i}=x`).join("&");
    expect(await refusal(readForm(urlencoded(body)))).toEqual({ status: 413, message: FORM_MESSAGES.tooManyFields });
    // Empty pairs are no fields.
    const padded = `${"&".repeat(5000)}name=Ada`;
    expect((await readForm(urlencoded(padded))).get("name")).toBe("Ada");
  });
});

describe("C1 control characters", () => {
  it.each(["%C2%80", "%C2%85", "%C2%9F"])("refuse %s in a field's text", async (encoded) => {
    expect(await refusal(readForm(urlencoded(`email=ok4%40b.co${encoded}`)))).toEqual({
      status: 400,
      message: FORM_MESSAGES.forbiddenCharacters,
    });
  });

  it("leave the characters next to them alone (a no-break space, accented letters)", async () => {
    expect((await readForm(urlencoded("name=%C2%A0Zo%C3%AB%7E"))).get("name")).toBe("\u00a0Zoë~");
  });
});

describe("the upload gate", () => {
  it("holds a body's Content-Length from the start and refuses what would pass its capacity", () => {
    const gate = new UploadGate(100);
    const first = gate.admit(60);
    expect(first).not.toBeNull();
    expect(gate.admit(41)).toBeNull();
    const second = gate.admit(40);
    expect(gate.held).toBe(100);
    expect(second?.receive(1000)).toBe(true);
    first?.release();
    first?.release();
    expect(gate.held).toBe(40);
    second?.release();
    expect(gate.held).toBe(0);
  });

  it("counts a body without a length as it arrives, and says when it passes the capacity", () => {
    const gate = new UploadGate(100);
    const chunked = gate.admit(null)!;
    expect(chunked.receive(70)).toBe(true);
    expect(gate.admit(31)).toBeNull();
    expect(chunked.receive(31)).toBe(false);
    chunked.release();
    expect(gate.held).toBe(0);
    expect(gate.admit(100)).not.toBeNull();
    expect(gate.admit(null)).toBeNull();
  });
});
