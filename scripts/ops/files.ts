import { open } from "node:fs/promises";

/** Writes `file`'s data to the disk before it is renamed into place or reported (decision 086). */
export async function syncFile(file: string): Promise<void> {
  const handle = await open(file, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
