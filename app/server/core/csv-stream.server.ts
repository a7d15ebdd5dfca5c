import { csvRow, type CsvValue } from "../../domain/csv";
import { log } from "./log.server";

/**
 * A CSV sent while it is read (decision 018): the header once, then `page(after)` (the rows after
 * `after`, the last row sent, at most `pageSize`, in a stable order) turned into lines by `lines`, until a page
 * comes back short. Only one page is in memory at a time, and a slow client slows the reading
 * (the stream is pulled). A failure is logged as `[label] failed` and errors the response.
 */
export function pagedCsvStream<Row>(options: {
  label: string;
  pageSize: number;
  header: () => readonly CsvValue[] | Promise<readonly CsvValue[]>;
  page: (after: NoInfer<Row> | null) => Promise<Row[]>;
  lines: (rows: NoInfer<Row>[]) => readonly (readonly CsvValue[])[] | Promise<readonly (readonly CsvValue[])[]>;
}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: Row | null = null;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(csvRow(await options.header())));
          return;
        }
        const rows = await options.page(after);
        const last = rows[rows.length - 1];
        if (last !== undefined) {
          after = last;
          controller.enqueue(encoder.encode((await options.lines(rows)).map((values) => csvRow(values)).join("")));
        }
        if (rows.length < options.pageSize) controller.close();
      } catch (error) {
        log.error({ err: error }, `[${options.label}] failed`);
        controller.error(error);
      }
    },
  });
}

/** Prisma's `where` for the rows after `after` in (completedAt, id) order. */
export function afterCompletedAt(after: { completedAt: Date; id: string } | null) {
  return after ? { OR: [{ completedAt: { gt: after.completedAt } }, { completedAt: after.completedAt, id: { gt: after.id } }] } : {};
}
