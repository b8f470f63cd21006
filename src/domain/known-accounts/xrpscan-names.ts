/**
 * How a name from XRPScan's well-known names list enters the registry. XRPScan numbers the accounts
 * of one owner ("Bitstamp", "Bitstamp 2"): the owner is the name without that number. The list does
 * not say what an account is, so a name it adds is filed under 'other' until an administrator
 * reclassifies it.
 */
export const XRPSCAN_NAMES_SOURCE = 'XRPScan well-known names';

/** The longest name taken from the list: the longest an administrator can type in the registry. */
export const XRPSCAN_NAME_MAX = 80;

/** The owner a numbered name belongs to: "Bitstamp 2" → "Bitstamp"; a name without a number stays. */
export function entityFromName(name: string): string {
  return name.trim().replace(/\s+\d+$/, '');
}

/** The account's page on XRPScan, where anyone can see the name. */
export function xrpscanAccountUrl(address: string): string {
  return `https://xrpscan.com/account/${address}`;
}
