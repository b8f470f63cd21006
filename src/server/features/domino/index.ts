/** What other features may use of the institutional (domino) tracker. */
export { listActiveDominoEvents } from './domino.service';
