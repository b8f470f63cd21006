import { createHash } from 'node:crypto';
import { secureHeaders } from 'hono/secure-headers';

/** The third-party charting widget's origin (docs/decisions/0005-content-security-policy.md). */
export const CHART_WIDGET_ORIGIN = 'https://s.tradingview.com';

/**
 * The CSP source allowing one inline script: its SHA-256 hash, so the browser runs exactly that text
 * and nothing injected beside it.
 */
export function scriptHashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/**
 * Secure headers with a CSP the app satisfies: no remote scripts, and no inline script but the ones
 * index.html carries, each allowed by its hash (ADR 0005, ADR 0028). Inline styles stay allowed
 * because Radix and sonner position elements with style attributes (docs/decisions/0005-csp.md).
 * HSTS is sent when the site's public address is https: browsers ignore it over http anyway, and on a
 * plain-http install (localhost) it would only pin a name that has no certificate.
 */
export function securityHeaders(publicUrl: string, inlineScripts: readonly string[] = []) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inlineScripts.map(scriptHashSource)],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      // The analytics page's price chart widget: its frame, and the reachability probe before it.
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
