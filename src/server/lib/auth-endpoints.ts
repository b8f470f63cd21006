/**
 * The better-auth endpoints reachable over HTTP: those the web app calls and the two links our mails
 * carry. better-auth mounts many more (change-email, delete-user, update-user, the admin plugin's
 * set-role, impersonate-user …); each of them would bypass the app's own rules, so every path not
 * listed here answers 404 before better-auth sees the request. The server still calls any endpoint
 * in-process (`auth.api.*`) behind its own routes. docs/security.md, ADR 0029.
 */
export const publicAuthEndpoints = [
  { method: 'POST', path: '/sign-up/email' },
  { method: 'POST', path: '/sign-in/email' },
  { method: 'POST', path: '/sign-out' },
  /** The link in the sign-up verification mail. */
  { method: 'GET', path: '/verify-email' },
  { method: 'POST', path: '/send-verification-email' },
  { method: 'POST', path: '/request-password-reset' },
  /** The link in the password-reset mail; it redirects to /auth/reset-password with the token. */
  { method: 'GET', path: '/reset-password/:token' },
  { method: 'POST', path: '/reset-password' },
  { method: 'POST', path: '/two-factor/enable' },
  { method: 'POST', path: '/two-factor/verify-totp' },
  { method: 'POST', path: '/two-factor/verify-backup-code' },
] as const;

/** A path parameter is one plain token segment: no dots, slashes or escapes that a router could reinterpret. */
const PARAM = '[A-Za-z0-9_-]{1,512}';

const patterns = publicAuthEndpoints.map(({ method, path }) => ({
  method,
  pattern: new RegExp(`^${path.replace(/:\w+/g, PARAM)}$`),
}));

/**
 * Whether a request to better-auth may pass: `pathname` is the raw path below /api/auth, exactly as
 * the client sent it (not decoded), so what is checked is what better-auth routes.
 */
export function isPublicAuthEndpoint(method: string, pathname: string): boolean {
  return patterns.some((entry) => entry.method === method && entry.pattern.test(pathname));
}
