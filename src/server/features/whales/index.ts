/** What other features and the jobs may use of whales. */
export { lastScannedLedger, storeLedgerWhales } from './whale-store.service';
export { getWhaleStats, listWhaleTransactions, readWhaleTransaction } from './whales.service';
export { holdStreamLease, recordStreamLedger, releaseStreamLease, streamState } from './stream-state.service';
