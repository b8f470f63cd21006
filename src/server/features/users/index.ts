/** What other features and the CLI may use of users. */
export { createVerifiedUser, setUserBlocked, setUserPlan, setUserRole } from './users.service';
