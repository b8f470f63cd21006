/**
 * What other features may use of the market feature: its queries. Nothing more: whatever this file
 * reaches, the home page (its ticker) loads before its first paint.
 */
export { fearGreedQuery, metricsQuery, whalesQuery } from './api/market';
