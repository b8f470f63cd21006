/** What other features and the jobs may use of whales. */
export {
  EXCHANGE_PAYMENT_RETENTION_DAYS,
  hourlyFlowsFromPayments,
  mergeExchangeFlows,
  pruneExchangePayments,
  storedHourlyFlows,
} from './exchange-flows.service';
export { exchangeAccounts, storeReserves, type ReserveReading } from './exchange-reserves.service';
export { lastScannedLedger, storeLedgerPayments } from './whale-store.service';
export { firstScannedLedger, unscannedLedgers } from './ledger-scans.service';
export {
  addBackfillProgress,
  BACKFILL_API_TYPE,
  finishBackfill,
  runningBackfill,
  setBackfillWindow,
  type BackfillProgress,
} from './ledger-backfill.service';
export { getWhaleStats, listWhaleTransactions, readWhaleTransaction } from './whales.service';
export { holdStreamLease, recordStreamLedger, releaseStreamLease, streamState } from './stream-state.service';
