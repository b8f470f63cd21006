/** The supply page's parts, for the route that composes them. */
export { EscrowCalendarCard } from './components/escrow-calendar';
export { SupplyHistoryCard } from './components/supply-history';
export { SupplySummary } from './components/supply-summary';
