/** What other features may use of the developer feature: the API keys card of Settings. */
export { ApiKeysCard } from './components/api-keys-card';
