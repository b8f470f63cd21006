import { Suspense, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { appRoutes } from '@/domain/routing/routes';
import { PageSpinner } from '@/web/components/ui/spinner';
import { lazyNamed } from '@/web/lib/lazy-named';
import { RootLayout } from './layout/root-layout';
import { Component as Home } from './routes/home';

const infoPages: { path: string; title: string }[] = [
  { path: appRoutes.learn, title: 'Learn' },
  { path: appRoutes.about, title: 'About' },
  { path: appRoutes.privacy, title: 'Privacy Policy' },
  { path: appRoutes.terms, title: 'Terms of Service' },
];

interface PageHandle {
  preload(): Promise<unknown>;
}

/** A page's route: its module, loaded when the page is first shown (or by `preloadPage`). */
function page(path: string, load: () => Promise<{ Component: ComponentType }>): RouteObject {
  const Page = lazyNamed(load, 'Component');
  return { path, element: <Page />, handle: { preload: Page.preload } satisfies PageHandle };
}

const InfoPage = lazyNamed(() => import('./routes/info-page'), 'Component');
// The guard, like the pages it guards, loads with the first of them: the home page never runs it.
const RouteGuard = lazyNamed(() => import('./route-guard'), 'RouteGuard');
const guardHandle = { preload: RouteGuard.preload } satisfies PageHandle;
const researchEditor = () => import('./routes/research-editor');

/**
 * The route table. Every page is its own lazy chunk but the home page, where most visits begin
 * (one round trip less before it paints); guarded pages sit under a RouteGuard. React Router's
 * declarative mode (ADR 0027): the pages fetch their own data with TanStack Query, so the data
 * router's loaders went unused, and it weighed 17 kB gzip on every page.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <Home /> },
      page(appRoutes.auth, () => import('./routes/auth')),
      page(appRoutes.membership, () => import('./routes/membership')),
      page(appRoutes.regulatory, () => import('./routes/regulatory')),
      page(appRoutes.unsubscribe, () => import('./routes/unsubscribe')),
      page(appRoutes.newsletterConfirm, () => import('./routes/newsletter-confirm')),
      page(appRoutes.emailChange, () => import('./routes/email-change')),
      page(appRoutes.contact, () => import('./routes/contact')),
      page(appRoutes.api, () => import('./routes/api-reference')),
      page(appRoutes.analysis, () => import('./routes/analysis')),
      page(appRoutes.analysisWeek, () => import('./routes/analysis-week')),
      page(appRoutes.research, () => import('./routes/research')),
      page(appRoutes.researchPost, () => import('./routes/research-post')),
      // An article's own page and its discussion: public, like research and analysis.
      page(appRoutes.newsArticle, () => import('./routes/news-article')),
      {
        element: <RouteGuard access="user" />,
        handle: guardHandle,
        children: [
          page(appRoutes.news, () => import('./routes/news')),
          page(appRoutes.analytics, () => import('./routes/analytics')),
          page(appRoutes.settings, () => import('./routes/settings')),
          // Price targets are free: a free member sets them here and reads what Premium adds (ADR 0047).
          page(appRoutes.alerts, () => import('./routes/alerts')),
          // Premium asks; a member who downgraded still reads their questions (the page says so).
          page(appRoutes.ask, () => import('./routes/ask')),
          page(appRoutes.testCheckout, () => import('./routes/billing-test-checkout')),
          page(appRoutes.testBillingPortal, () => import('./routes/billing-test-portal')),
        ],
      },
      {
        element: <RouteGuard access="premium" />,
        handle: guardHandle,
        children: [
          page(appRoutes.portfolio, () => import('./routes/portfolio')),
          page(appRoutes.whales, () => import('./routes/whales')),
        ],
      },
      {
        // Analysts see the dashboard's inbox tab only; administrators every tab.
        element: <RouteGuard access="analyst" />,
        handle: guardHandle,
        children: [page(appRoutes.admin, () => import('./routes/admin'))],
      },
      {
        element: <RouteGuard access="admin" />,
        handle: guardHandle,
        children: [page(appRoutes.researchNew, researchEditor), page(appRoutes.researchEdit, researchEditor)],
      },
      ...infoPages.map((info) => ({
        path: info.path,
        element: <InfoPage title={info.title} />,
        handle: { preload: InfoPage.preload } satisfies PageHandle,
      })),
      page('*', () => import('./routes/not-found')),
    ],
  },
];

/**
 * The page for the current address, inside the site's layout. The one boundary is around the whole
 * layout, as the data router's HydrateFallback was: the first page of a visit appears with its header
 * and footer at once, instead of a footer pushed down when the page's chunk arrives (a layout shift
 * Lighthouse scored at 0.58). Navigations are transitions, so later pages never show it.
 */
export function AppRoutes() {
  return <Suspense fallback={<PageSpinner />}>{useRoutes(routes)}</Suspense>;
}

/**
 * Starts loading the chunk of the page at `pathname`. Called once at start-up: a guarded page is
 * otherwise only requested once the session check its guard waits for has answered.
 */
export function preloadPage(pathname: string): Promise<void> {
  const loads = (matchRoutes(routes, pathname) ?? []).map((match) =>
    // A failed download is retried, and reported, when the page itself renders.
    (match.route.handle as PageHandle | undefined)?.preload().catch(() => undefined),
  );
  return Promise.all(loads).then(() => undefined);
}
