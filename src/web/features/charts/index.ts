/**
 * The canvas every chart of the app is drawn on (lightweight-charts), for the market's charts and the
 * portfolio's value chart. A feature of its own so that no other feature's index leads to the chart
 * library: the library has side effects as far as the bundler knows, so any page importing an index
 * that reaches it (the home page's ticker reads the market's queries) would load it on first paint.
 */
export { chartTime, slotData, useChart, useSeriesData } from './components/use-chart';
export { aroundZero, atLeastTwoPercent } from './lib/autoscale';
export { themeColor } from './lib/css-color';
