/** What other features and the jobs may use of market data. */
export { getFearGreedView, getHistory, getMetricsView } from './market.service';
export {
  hasFearGreedHistory,
  pendingHistoryBackfills,
  storeFearGreed,
  storeMarketHistory,
  storeMarketSnapshot,
} from './market-store.service';
