/** The public XRP Ledger explorer's pages: one place for every link the site makes to it. */
const EXPLORER = 'https://livenet.xrpl.org';

export const explorerTxUrl = (hash: string) => `${EXPLORER}/transactions/${hash}`;
export const explorerAccountUrl = (address: string) => `${EXPLORER}/accounts/${address}`;
