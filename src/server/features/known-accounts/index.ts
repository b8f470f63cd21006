/** What other features and the start-up may use of the registry of known accounts. */
export { addCuratedAccounts } from './known-accounts.service';
export { applyXrpscanNames, type XrpscanRefresh } from './xrpscan-names.service';
