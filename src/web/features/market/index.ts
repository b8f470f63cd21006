/**
 * What other features may use of the market feature: its queries, and the chart attribution. Never
 * the chart canvas (features/charts): whatever this file reaches, the home page loads.
 */
export { fearGreedQuery, metricsQuery, whalesQuery } from './api/market';
export { ChartAttribution } from './components/chart-controls';
