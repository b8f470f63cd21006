/** What other features and the jobs may use of market data. */
export { getFearGreedView, getHistory, getMetricsView, toMetricsDto } from './market.service';
export { getPriceBuckets } from './price-buckets.service';
export {
  hasFearGreedHistory,
  pendingHistoryBackfills,
  storeFearGreed,
  storeMarketHistory,
  storeMarketSnapshot,
} from './market-store.service';
