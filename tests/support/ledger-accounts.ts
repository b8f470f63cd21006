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
