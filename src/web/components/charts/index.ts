/**
 * The canvas every chart of the app is drawn on (lightweight-charts), for the market's charts and the
 * portfolio's value chart. Only the chart components import it, and their pages load them lazily: the
 * library has side effects as far as the bundler knows, so any module a first page imports that led
 * here (the home page's ticker reads the market's queries) would load it on first paint. No index and
 * no shared module that eager code reaches may import this folder.
 */
export { chartTime, slotData, useChart, useSeriesData } from './use-chart';
export { aroundZero, atLeastTwoPercent } from './autoscale';
export { themeColor } from './css-color';
