import { secureHeaders } from 'hono/secure-headers';

/**
 * Secure headers with a CSP the app satisfies: no inline or remote scripts. Inline styles stay allowed
 * because Radix and sonner position elements with style attributes (docs/decisions/0005-csp.md).
 */
export function securityHeaders() {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
}
