/** What other features may use of auth. */
export { PasswordStrength } from './components/password-strength';
