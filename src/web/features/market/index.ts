/** What other features may use of the market feature: its queries. */
export { fearGreedQuery, metricsQuery, whalesQuery } from './api/market';
