/**
 * The accounts and tokens of tests/fixtures/xrpl/account-commands-apiv2.json, for tests that stand
 * them up on the fake rippled.
 */
export const ALICE = 'rJj93v2nvi2kFCYNKUDBmFpM2AVQpkByNP';
export const BOB = 'rn4mWmmZRMHsSiPhPFCfHTcRs9CEawuMkj';
/** Well formed, never funded (`actNotFound`). */
export const UNFUNDED = 'rPAqvyVTRhGUUrLPxH1zGQ6UthAsd1tnDh';
export const RLUSD = {
  currency: '524C555344000000000000000000000000000000',
  issuer: 'rMxCKbEDwqr76QuheSUMdEGf4B9xJ8m5De',
};
export const SOLO = {
  currency: '534F4C4F00000000000000000000000000000000',
  issuer: 'rsoLo2S1kiGeCcn6hCUXVrCpGMWLrRrLZz',
};

/**
 * Accounts only the browser tests of /portfolio stand up on the e2e fake ledger (through the fake
 * upstreams' /control/ledger/* endpoints); no other test reads them.
 */
export const E2E_LEDGER = {
  /** The journey's watched account: holds XRP and an RLUSD trust line. */
  cold: 'r4bb1cgvKv6JV7BnfKiySb2ZjBpueSzXF3',
  /** Pays the watched accounts (their history, and the move that fires the alert). */
  payer: 'rEmtLrFEm343xcvanj6QdpAJxeLSZEnqkK',
  /** The accessibility check's watched account (a member of its own). */
  axe: 'r4ZisbJ8zU4FLEPSh2jmBKSTyKvet7YN9H',
  /** Well formed, never funded on the e2e ledger (`actNotFound`). */
  neverFunded: 'rnQMFmwrn8V3QPuMegaHPBc28ooFgmdsWo',
  /** `cold` with its last character changed: the right shape, a failing checksum. */
  badChecksum: 'r4bb1cgvKv6JV7BnfKiySb2ZjBpueSzXF4',
} as const;
