/** What other features and jobs may use of accounts. */
export { pruneExpiredAuthRows } from './account.service';
export { pruneEmailChanges } from './email-change.service';
