/**
 * The portfolio's figures as text. XRP amounts arrive as exact decimal strings (drops written as XRP)
 * and stay exact: only thousands separators are added. Dollar values are a member's own money, so
 * they are written in full ("$12,345.67"), not abbreviated like the market's ("$12.3K").
 */

const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** "12345.678901" → "12,345.678901 XRP", exactly as given. */
export function formatXrp(decimal: string): string {
  const negative = decimal.startsWith('-');
  const [whole = '0', fraction] = decimal.replace(/^-/, '').split('.');
  return `${negative ? '−' : ''}${grouped(whole)}${fraction ? `.${fraction}` : ''} XRP`;
}

const xrpNumbers = new Map<number, Intl.NumberFormat>();

/** An XRP figure the server computed as a number (a token's value): to 2 decimals unless asked. */
export function formatXrpNumber(value: number, decimals = 2): string {
  let format = xrpNumbers.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { maximumFractionDigits: decimals });
    xrpNumbers.set(decimals, format);
  }
  return `${format.format(value)} XRP`;
}

/** A token balance as the ledger writes it (a decimal string, possibly in exponent form). */
export function formatTokenAmount(value: string): string {
  const number = Number(value);
  if (!Number.isFinite(number)) return value;
  return new Intl.NumberFormat('en-US', { maximumSignificantDigits: 15 }).format(number);
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const signedUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  signDisplay: 'exceptZero',
});

export const formatUsdExact = (value: number) => usd.format(value);
export const formatSignedUsd = (value: number) => signedUsd.format(value);

/** The tone of a gain or a loss; a change that rounds to zero cents is neither. */
export function changeTone(value: number): 'up' | 'down' | 'flat' {
  const cents = Math.round(value * 100);
  return cents > 0 ? 'up' : cents < 0 ? 'down' : 'flat';
}

export const toneClass = {
  up: 'text-emerald-700 dark:text-emerald-400',
  down: 'text-red-700 dark:text-red-400',
  flat: 'text-muted-foreground',
} as const;

/** An address shortened for a narrow row; the full address stays in the link's name and title. */
export const shortAddress = (address: string) =>
  address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-6)}` : address;
