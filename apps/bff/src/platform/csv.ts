/** The console's CSV downloads (the audit log, the wallet statement): cells, and a stream of every row. */

/** Rows per read while an export streams: a few milliseconds of the reader each, and constant memory. */
export const EXPORT_BATCH = 1000;

/**
 * One CSV cell: quoted, and defused when it looks like a formula (a leading = + - @ gets a quote). A plain negative
 * amount ("-428.09") is a number, not a formula: it stays one, so a spreadsheet adds it up with the rest.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * A CSV download of pages read one after another: a ReadableStream that reads the next page only when the browser has
 * taken the last (its `pull`), so a million rows stream in constant memory.
 */
export function csvStream<T>(
  header: string[],
  pages: AsyncGenerator<T[]>,
  row: (item: T) => CsvRow,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${header.join(',')}\r\n`));
        return;
      }
      const next = await pages.next();
      if (next.done) {
        controller.close();
        return;
      }
      let text = '';
      for (const item of next.value) text += `${row(item).map(csvCell).join(',')}\r\n`;
      if (text) controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}

export type CsvRow = (string | number | null)[];
