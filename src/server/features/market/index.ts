/** What other features may use of market data. */
export { getFearGreedView, getHistory, getMetricsView, toMetricsDto } from './market.service';
