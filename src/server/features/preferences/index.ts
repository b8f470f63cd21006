/** What other features may use of preferences. */
export { getPreferences } from './preferences.service';
