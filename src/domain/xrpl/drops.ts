/** XRP amounts as the ledger counts them: drops, 1 XRP = 1,000,000 drops, exact as bigint. */
export const DROPS_PER_XRP = 1_000_000n;

/** Seconds between the Unix epoch and the Ripple epoch (2000-01-01). */
export const RIPPLE_EPOCH_OFFSET = 946_684_800;

export function rippleTimeToDate(rippleSeconds: number): Date {
  return new Date((rippleSeconds + RIPPLE_EPOCH_OFFSET) * 1000);
}

/** Drops as an XRP decimal string with up to 6 decimals and no trailing zeros: 742318409n → "742.318409". */
export function dropsToXrp(drops: bigint): string {
  const negative = drops < 0n;
  const magnitude = negative ? -drops : drops;
  const whole = magnitude / DROPS_PER_XRP;
  const fraction = (magnitude % DROPS_PER_XRP).toString().padStart(6, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** An XRP amount written as a decimal ("12.5", "0.000001") in drops; null when it is not one. */
export function xrpToDrops(xrp: string): bigint | null {
  const match = /^(-?)(\d+)(?:\.(\d{1,6}))?$/.exec(xrp.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const drops = BigInt(whole!) * DROPS_PER_XRP + BigInt(fraction.padEnd(6, '0'));
  return sign ? -drops : drops;
}
