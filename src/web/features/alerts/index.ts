/** What other features may use of alerts: web push on and off. */
export { PushToggle, PushUnsupportedNote } from './components/push-toggle';
