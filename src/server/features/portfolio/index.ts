/** What other features may use of the portfolio. */
export { createPortfolioRoutes } from './portfolio.routes';
export { listWatchedAccounts } from './accounts.service';
export { listLots } from './lots.service';
export { markTouched, PORTFOLIO_DUE_CHANNEL, refreshDueAccounts } from './ledger-refresh.service';
export { portfolioSummary } from './summary.service';
