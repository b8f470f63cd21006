import Papa from 'papaparse';
import { LOTS_MAX, lotInputSchema, type Lot } from './portfolio.schema';

/** The columns of a lots file, as exported and as imported (a header row names them). */
export const LOT_COLUMNS = ['amount_xrp', 'acquired_on', 'cost_usd_per_xrp', 'note'] as const;

export type LotsCsvResult =
  { ok: true; lots: Lot[] } | { ok: false; errors: { line: number; message: string }[] };

/**
 * A lots file read all or nothing: every row is checked with the rules of the lot form, and any bad
 * row refuses the whole file with its line number (the header is line 1), so nothing half-imports.
 * `room` is how many more lots the member may keep.
 */
export function parseLotsCsv(text: string, room: number = LOTS_MAX): LotsCsvResult {
  const file = text.replace(/^\uFEFF/, '');
  // Each row with the line it starts on in the file, as an editor numbers them: blank lines and
  // notes quoted over several lines count (papaparse's row index does not).
  const lineAt = lineCounter(file);
  const rows: { row: Record<string, string>; line: number }[] = [];
  const errors: { line: number; message: string }[] = [];
  // The columns, read apart so that a file of a header alone still names them.
  const headers = Papa.parse<Record<string, string>>(file, { ...options, preview: 1 }).meta.fields ?? [];
  let rowStart = file.search(/\r?\n/) + 1 || file.length;
  Papa.parse<Record<string, string>>(file, {
    ...options,
    step: (result) => {
      while (rowStart < file.length && (file[rowStart] === '\n' || file[rowStart] === '\r')) rowStart += 1;
      const line = lineAt(rowStart);
      rows.push({ row: result.data, line });
      // A one-column file has no delimiter to detect (comma and semicolon files are both read).
      for (const error of result.errors)
        if (error.code !== 'UndetectableDelimiter') errors.push({ line, message: error.message });
      rowStart = result.meta.cursor;
    },
  });
  if (!headers.includes('amount_xrp'))
    return {
      ok: false,
      errors: [{ line: 1, message: `The first line must name the columns: ${LOT_COLUMNS.join(',')}` }],
    };
  const unknown = headers.filter((header) => !(LOT_COLUMNS as readonly string[]).includes(header));
  if (unknown.length > 0)
    return { ok: false, errors: [{ line: 1, message: `Unknown column: ${unknown.join(', ')}` }] };
  const lots: Lot[] = [];
  for (const { row, line } of rows) {
    const result = lotInputSchema.safeParse({
      amountXrp: row.amount_xrp ?? '',
      acquiredOn: row.acquired_on ?? '',
      costUsdPerXrp: row.cost_usd_per_xrp ?? '',
      note: row.note ?? '',
    });
    if (result.success) lots.push(result.data);
    else
      for (const issue of result.error.issues)
        errors.push({ line, message: `${columnOf(issue.path[0])}: ${issue.message}` });
  }
  if (errors.length === 0 && lots.length === 0)
    return { ok: false, errors: [{ line: 2, message: 'The file has no lots' }] };
  if (errors.length === 0 && lots.length > room)
    return {
      ok: false,
      errors: [
        {
          line: rows[room]!.line,
          message:
            room === 0
              ? `You already keep ${LOTS_MAX} holdings, the most there can be: delete some to import more`
              : `Only ${room} more ${room === 1 ? 'holding fits' : 'holdings fit'} (at most ${LOTS_MAX} in all): this is the first one over`,
        },
      ],
    };
  return errors.length > 0
    ? { ok: false, errors: errors.sort((a, b) => a.line - b.line) }
    : { ok: true, lots };
}

const options = {
  header: true,
  skipEmptyLines: 'greedy',
  delimitersToGuess: [',', ';', '\t'],
  transformHeader: (header: string) => header.trim().toLowerCase(),
} satisfies Papa.ParseConfig;

/** The 1-based line of a position in `text`, for positions asked in increasing order. */
function lineCounter(text: string): (position: number) => number {
  let line = 1;
  let scanned = 0;
  return (position) => {
    for (; scanned < position; scanned += 1) if (text[scanned] === '\n') line += 1;
    return line;
  };
}

const columnOf = (field: PropertyKey | undefined) =>
  ({ amountXrp: 'amount_xrp', acquiredOn: 'acquired_on', costUsdPerXrp: 'cost_usd_per_xrp', note: 'note' })[
    String(field) as 'amountXrp'
  ] ?? String(field);

/** The lots as a file that `parseLotsCsv` reads back as the same lots. */
export function lotsToCsv(
  lots: readonly {
    amountXrp: string;
    acquiredOn: string | null;
    costUsdPerXrp: string | null;
    note: string;
  }[],
): string {
  return Papa.unparse(
    {
      fields: [...LOT_COLUMNS],
      data: lots.map((lot) => [lot.amountXrp, lot.acquiredOn ?? '', lot.costUsdPerXrp ?? '', lot.note]),
    },
    { newline: '\n', escapeFormulae: true },
  );
}
