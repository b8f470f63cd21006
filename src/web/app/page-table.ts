import type { Access, appRoutes } from '@/domain/routing/routes';

/** A page's name in appRoutes. */
export type PageName = keyof typeof appRoutes;

/**
 * The pages the router loads lazily, as plain data: for each access, the pages behind it (their name
 * in appRoutes → their module under app/routes/), in the router's order. router.tsx builds its routes
 * from it (a RouteGuard around each group but `public`), and the build (vite.config.ts) writes the
 * preload table of index.html from it, so this file imports nothing at run time. The home page (in
 * the entry), the info pages and the 404 page are written in router.tsx itself, and are not preloaded
 * with the document.
 */
export const pageTable = {
  public: {
    auth: 'auth',
    membership: 'membership',
    regulatory: 'regulatory',
    unsubscribe: 'unsubscribe',
    newsletterConfirm: 'newsletter-confirm',
    emailChange: 'email-change',
    contact: 'contact',
    api: 'api-reference',
    analysis: 'analysis',
    analysisWeek: 'analysis-week',
    research: 'research',
    researchPost: 'research-post',
    // An article's own page and its discussion: public, like research and analysis.
    newsArticle: 'news-article',
    // The latest supply for everyone; the page asks Premium members' parts only for them.
    supply: 'supply',
  },
  user: {
    news: 'news',
    analytics: 'analytics',
    settings: 'settings',
    // Price targets are free: a free member sets them here and reads what Premium adds (ADR 0047).
    alerts: 'alerts',
    // Premium asks; a member who downgraded still reads their questions (the page says so).
    ask: 'ask',
    testCheckout: 'billing-test-checkout',
    testBillingPortal: 'billing-test-portal',
  },
  premium: { portfolio: 'portfolio', whales: 'whales' },
  // Analysts see the dashboard's inbox tab only; administrators every tab.
  analyst: { admin: 'admin' },
  admin: { researchNew: 'research-editor', researchEdit: 'research-editor' },
} as const satisfies Record<Access, Partial<Record<PageName, string>>>;

/** The modules of app/routes/ the table names: router.tsx holds one loader for each. */
export type PageModule = {
  [A in Access]: (typeof pageTable)[A][keyof (typeof pageTable)[A]];
}[Access];

/** The table's pages in its order, each with its access. */
export function pageList(): { name: PageName; module: PageModule; access: Access }[] {
  return (Object.keys(pageTable) as Access[]).flatMap((access) =>
    (Object.entries(pageTable[access]) as [PageName, PageModule][]).map(([name, module]) => ({
      name,
      module,
      access,
    })),
  );
}
