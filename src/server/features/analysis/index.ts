/** What other features may use of analysis. */
export { weekHasPage, windowSummary } from './analysis.service';
