/**
 * What the home page may use of the market feature: its queries (the latest figures' query is shared,
 * in web/lib). Nothing more: whatever this file reaches, the home page (its ticker) loads before its
 * first paint.
 */
export { fearGreedQuery, whalesQuery } from './api/market';
