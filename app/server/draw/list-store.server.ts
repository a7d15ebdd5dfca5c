/**
 * Frozen entry lists in object storage (decision 058). With a bucket configured, a list frozen from
 * then on is one object, "entry-lists/<campaign>-<sha256>.csv", and its EntryList row (sha256,
 * byteLength, storageKey) stays in the database: every read checks the bytes against that row, so the
 * bucket holds bytes, the database says which bytes count. Without a bucket, and for every list
 * frozen before (storageKey null), the bytes are the EntryListChunk rows, read as before.
 *
 * The key carries the hash, so the object is written before the row: two instances freezing the same
 * list at once write the same bytes under the same key, and a crash between the two leaves an object
 * that the retry overwrites with the same bytes, never a row without its bytes.
 */
import { getConfig } from "../core/config.server";
import { fileStore } from "../storage/file-store.server";

export const ENTRY_LISTS_PREFIX = "entry-lists";

/** The object a list with these bytes is kept in. */
export function entryListKey(campaignId: string, sha256: string): string {
  return `${ENTRY_LISTS_PREFIX}/${campaignId}-${sha256}.csv`;
}

export const ACTION_LISTS_PREFIX = "action-lists";

/** The object an actions.csv with these bytes is kept in (procedure version 3, decision 075). */
export function actionListKey(campaignId: string, sha256: string): string {
  return `${ACTION_LISTS_PREFIX}/${campaignId}-${sha256}.csv`;
}

/** Whether lists frozen now go to the bucket (object storage configured) rather than EntryListChunk rows. */
export function listsInFileStore(): boolean {
  return getConfig().objectStorage !== null;
}

export async function putListBytes(key: string, bytes: Buffer): Promise<void> {
  await fileStore().put(key, bytes, { contentType: "text/csv; charset=utf-8" });
}

function missing(key: string): Error {
  return new Error(
    `The frozen entry list ${key} is not in the file store (is object storage configured as it was when the list was frozen?)`,
  );
}

/** The stored object's bytes as they stream in (pieces of whatever size the store sends). */
export async function* listObjectPieces(key: string): AsyncGenerator<Uint8Array> {
  const file = await fileStore().stream(key);
  if (!file) throw missing(key);
  const reader = file.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // A reader that stops early (a cancelled download) closes the connection to the bucket too.
    await reader.cancel().catch(() => undefined);
  }
}

/** The object's bytes [start, end) (a block of the list read again after the draw's tickets are chosen). */
export async function listObjectRange(key: string, start: number, end: number): Promise<Uint8Array> {
  const piece = await fileStore().get(key, { offset: start, length: end - start });
  if (!piece) throw missing(key);
  return piece;
}

/** Bytes read per request when reading a list backwards. */
const TAIL_PIECE = 1 << 20;

/** The object's bytes in pieces from the end backwards, last piece first (the disqualified section is at the end); the caller stops when it has enough. */
export async function* listObjectTail(key: string, byteLength: number): AsyncGenerator<Uint8Array> {
  for (let end = byteLength; end > 0; end -= TAIL_PIECE) {
    const offset = Math.max(0, end - TAIL_PIECE);
    const piece = await fileStore().get(key, { offset, length: end - offset });
    if (!piece) throw missing(key);
    yield piece;
  }
}
