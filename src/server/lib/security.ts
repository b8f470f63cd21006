import { secureHeaders } from 'hono/secure-headers';

/** The third-party charting widget's origin (docs/decisions/0005-content-security-policy.md). */
export const CHART_WIDGET_ORIGIN = 'https://s.tradingview.com';

/**
 * Secure headers with a CSP the app satisfies: no inline or remote scripts. Inline styles stay allowed
 * because Radix and sonner position elements with style attributes (docs/decisions/0005-csp.md).
 * HSTS is sent when the site's public address is https: browsers ignore it over http anyway, and on a
 * plain-http install (localhost) it would only pin a name that has no certificate.
 */
export function securityHeaders(publicUrl: string) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      // The price chart widget (SPEC §2 Analytics): its frame, and the reachability probe before it.
      connectSrc: ["'self'", CHART_WIDGET_ORIGIN],
      frameSrc: [CHART_WIDGET_ORIGIN],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: publicUrl.startsWith('https://') ? 'max-age=31536000; includeSubDomains' : false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
}
