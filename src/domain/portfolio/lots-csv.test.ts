import { describe, expect, it } from 'vitest';
import { lotsToCsv, parseLotsCsv } from './lots-csv';

describe('lots CSV', () => {
  it('reads a file with a header, in any column order, blank cells as unknown', () => {
    const file =
      '\uFEFFcost_usd_per_xrp,amount_xrp,acquired_on,note\r\n0.52,1000,2024-03-01,Kraken\r\n,250.5,,"cold, ledger"\r\n\r\n';
    expect(parseLotsCsv(file)).toEqual({
      ok: true,
      lots: [
        { amountXrp: '1000', acquiredOn: '2024-03-01', costUsdPerXrp: '0.52', note: 'Kraken' },
        { amountXrp: '250.5', acquiredOn: null, costUsdPerXrp: null, note: 'cold, ledger' },
      ],
    });
  });

  it('refuses the whole file when any row is bad, naming each bad line and column', () => {
    const file =
      'amount_xrp,acquired_on,cost_usd_per_xrp\n100,2024-01-01,0.5\n-3,2024-01-01,0.5\n10,yesterday,abc\n';
    expect(parseLotsCsv(file)).toEqual({
      ok: false,
      errors: [
        { line: 3, message: 'amount_xrp: Enter an XRP amount above 0, with at most 6 decimals' },
        { line: 4, message: 'acquired_on: Enter the day as YYYY-MM-DD' },
        { line: 4, message: 'cost_usd_per_xrp: Enter the cost per XRP in USD, like 0.52' },
      ],
    });
  });

  it('needs the header, knows its columns, and refuses an empty file or more lots than fit', () => {
    expect(parseLotsCsv('100,2024-01-01\n')).toMatchObject({ ok: false, errors: [{ line: 1 }] });
    expect(parseLotsCsv('amount_xrp,price\n100,1\n')).toEqual({
      ok: false,
      errors: [{ line: 1, message: 'Unknown column: price' }],
    });
    expect(parseLotsCsv('amount_xrp\n')).toEqual({
      ok: false,
      errors: [{ line: 2, message: 'The file has no lots' }],
    });
    expect(parseLotsCsv('amount_xrp\n1\n2\n3\n', 2)).toEqual({
      ok: false,
      errors: [
        { line: 4, message: 'Only 2 more holdings fit (at most 500 in all): this is the first one over' },
      ],
    });
    expect(parseLotsCsv('amount_xrp\n1\n', 0)).toEqual({
      ok: false,
      errors: [
        {
          line: 2,
          message: 'You already keep 500 holdings, the most there can be: delete some to import more',
        },
      ],
    });
  });

  it('names the line as the file numbers it: blank lines and quoted notes over several lines count', () => {
    const file =
      'amount_xrp,acquired_on,note\r\n1,2024-01-01,"multi\r\nline note"\r\n\r\n\r\n2,2026-13-01,\r\n3,,ok\r\n4x,,';
    expect(parseLotsCsv(file)).toEqual({
      ok: false,
      errors: [
        { line: 6, message: 'acquired_on: Enter the day as YYYY-MM-DD' },
        { line: 8, message: 'amount_xrp: Enter an XRP amount above 0, with at most 6 decimals' },
      ],
    });
  });

  it('says to leave out thousands separators', () => {
    expect(parseLotsCsv('amount_xrp\n"1,250.5"\n')).toEqual({
      ok: false,
      errors: [
        { line: 2, message: 'amount_xrp: Write the amount without thousands separators, like 1250.5' },
      ],
    });
  });

  it('exports what it imports, and never writes a cell a spreadsheet would run as a formula', () => {
    const lots = [
      { amountXrp: '1000', acquiredOn: '2024-03-01', costUsdPerXrp: '0.52', note: 'Kraken, "main"' },
      { amountXrp: '0.000001', acquiredOn: null, costUsdPerXrp: null, note: '' },
    ];
    const csv = lotsToCsv(lots);
    expect(csv.split('\n')[0]).toBe('amount_xrp,acquired_on,cost_usd_per_xrp,note');
    expect(parseLotsCsv(csv)).toEqual({ ok: true, lots });
    expect(
      lotsToCsv([{ amountXrp: '1', acquiredOn: null, costUsdPerXrp: null, note: '=HYPERLINK("x")' }]),
    ).toContain(`"'=HYPERLINK(""x"")"`);
  });
});

describe('lots CSV on large hostile input', () => {
  it('refuses a 1 MB amount of digits and separators with its line, and reads the other rows', () => {
    const amount = '1,000'.repeat(200_000);
    const file = `amount_xrp,note\n10,ok\n"${amount}",bad\n${'9'.repeat(500_000)}.5,huge\n`;
    const result = parseLotsCsv(file);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.map((error) => error.line)).toEqual([3, 4]);
      expect(result.errors[0]!.message).toBe(
        'amount_xrp: Write the amount without thousands separators, like 1250.5',
      );
    }
  });

  it('reads a file of 200 rows with notes of quotes and semicolons as written', () => {
    const note = '"";;\t'.repeat(20);
    const rows = Array.from({ length: 200 }, (_, index) => `${index + 1},"${note}"`);
    const result = parseLotsCsv(`amount_xrp,note\n${rows.join('\n')}\n`, 200);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.lots).toHaveLength(200);
      expect(result.lots[199]).toMatchObject({ amountXrp: '200', note: '";;\t'.repeat(20).trim() });
    }
  });
});
