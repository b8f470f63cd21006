/** What other features may use of the market feature: its queries. */
export { fearGreedQuery, metricsQuery, whalesQuery } from './api/market';
/** The chart canvas the market's charts are drawn on, for other features' charts. */
export { ChartAttribution } from './components/chart-controls';
export { chartTime, slotData, useChart, useSeriesData } from './components/use-chart';
export { themeColor } from './lib/css-color';
