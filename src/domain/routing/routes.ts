/** The client routes; the server answers any other path with the 404 page and status 404. */
export const appRoutes = {
  home: '/',
  auth: '/auth',
  news: '/news',
  analytics: '/analytics',
  alerts: '/alerts',
  /** Every whale payment, named and valued, with filters: Premium. */
  whales: '/whales',
  /** The XRP supply from the ledger: its latest figures for everyone, history and escrows Premium. */
  supply: '/supply',
  /** Portfolio tracking: Premium. */
  portfolio: '/portfolio',
  /** Direct analyst access: a member's questions to the analysts. */
  ask: '/ask',
  membership: '/membership',
  settings: '/settings',
  admin: '/admin',
  api: '/api',
  learn: '/learn',
  analysis: '/analysis',
  regulatory: '/regulatory',
  research: '/research',
  about: '/about',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  /** The local test-mode payment provider's pages (only without Stripe keys). */
  testBillingPortal: '/billing/test/portal',
  testCheckout: '/billing/test/checkout/:sessionId',
  /** An email's unsubscribe link lands here; it works without signing in. */
  unsubscribe: '/unsubscribe',
  /** The newsletter confirmation mail's link lands here. */
  newsletterConfirm: '/newsletter/confirm',
  /** The email-change mails' links land here (confirm the new address, or cancel from the old one). */
  emailChange: '/account/email',
  analysisWeek: '/analysis/:week',
  /** A news article's own page, with its discussion. */
  newsArticle: '/news/:id',
  researchPost: '/research/:slug',
  researchNew: '/research/new',
  researchEdit: '/research/:slug/edit',
} as const;

export const knownClientPaths: ReadonlySet<string> = new Set(
  Object.values(appRoutes).filter((path) => !path.includes(':')),
);
/** Client routes with a parameter. */
const knownClientPatterns: readonly RegExp[] = [
  /^\/billing\/test\/checkout\/[\w-]{1,100}$/,
  /^\/analysis\/\d{4}-W\d{2}$/,
  /^\/news\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  /^\/research\/[a-z0-9-]{1,120}(\/edit)?$/,
];

/** Who may open a page (web/app/page-table.ts groups the pages by it; a RouteGuard checks all but public). */
export type Access = 'public' | 'user' | 'premium' | 'analyst' | 'admin';

export function isKnownClientPath(pathname: string): boolean {
  // A scan from the end, not /\/+$/: that retries at each slash of a long inner run (quadratic).
  let end = pathname.length;
  while (end > 0 && pathname[end - 1] === '/') end -= 1;
  const trimmed = pathname.length > 1 ? pathname.slice(0, end) : pathname;
  return knownClientPaths.has(trimmed) || knownClientPatterns.some((pattern) => pattern.test(trimmed));
}
