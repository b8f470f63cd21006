/** What the app may use of the portfolio feature: the sections of /portfolio. */
export { PortfolioInsights } from './components/insights';
export { LotsCard } from './components/lots-card';
export { ReadOnlyNote } from './components/read-only-note';
export { WatchedAccountsCard } from './components/watched-accounts';
