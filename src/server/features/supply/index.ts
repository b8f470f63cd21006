/** What the jobs and the composition root may use of supply. */
export { createSupplyRoutes } from './supply.routes';
export { rippleAccounts, storeEscrowEvents, storeSupply, type SupplyReading } from './supply-store.service';
