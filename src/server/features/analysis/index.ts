/** What other features may use of analysis. */
export { windowSummary } from './analysis.service';
