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
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t'],
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  const errors: { line: number; message: string }[] = [];
  const headers = parsed.meta.fields ?? [];
  if (!headers.includes('amount_xrp'))
    return {
      ok: false,
      errors: [{ line: 1, message: `The first line must name the columns: ${LOT_COLUMNS.join(',')}` }],
    };
  const unknown = headers.filter((header) => !(LOT_COLUMNS as readonly string[]).includes(header));
  if (unknown.length > 0)
    return { ok: false, errors: [{ line: 1, message: `Unknown column: ${unknown.join(', ')}` }] };
  // A one-column file has no delimiter to detect (comma and semicolon files are both read).
  for (const error of parsed.errors.filter((problem) => problem.code !== 'UndetectableDelimiter')) {
    errors.push({ line: (error.row ?? 0) + 2, message: error.message });
  }
  const lots: Lot[] = [];
  parsed.data.forEach((row, index) => {
    const line = index + 2;
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
  });
  if (errors.length === 0 && lots.length === 0)
    return { ok: false, errors: [{ line: 2, message: 'The file has no lots' }] };
  if (errors.length === 0 && lots.length > room)
    return {
      ok: false,
      errors: [{ line: room + 2, message: `Only ${room} more lots fit (at most ${LOTS_MAX} in all)` }],
    };
  return errors.length > 0
    ? { ok: false, errors: errors.sort((a, b) => a.line - b.line) }
    : { ok: true, lots };
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
