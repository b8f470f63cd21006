import { Suspense, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { appRoutes, type Access } from '@/domain/routing/routes';
import { PageSpinner } from '@/web/components/ui/spinner';
import { lazyNamed } from '@/web/lib/lazy-named';
import { RootLayout } from './layout/root-layout';
import { pageTable, type PageModule, type PageName } from './page-table';
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

/**
 * Each module of the page table, loaded as its own chunk: the import's path is written out here, where
 * the bundler sees it. A module the table names without a loader, or a loader it does not name, is a
 * type error.
 */
const loaders: Record<PageModule, () => Promise<{ Component: ComponentType }>> = {
  auth: () => import('./routes/auth'),
  membership: () => import('./routes/membership'),
  regulatory: () => import('./routes/regulatory'),
  unsubscribe: () => import('./routes/unsubscribe'),
  'newsletter-confirm': () => import('./routes/newsletter-confirm'),
  'email-change': () => import('./routes/email-change'),
  contact: () => import('./routes/contact'),
  'api-reference': () => import('./routes/api-reference'),
  analysis: () => import('./routes/analysis'),
  'analysis-week': () => import('./routes/analysis-week'),
  research: () => import('./routes/research'),
  'research-post': () => import('./routes/research-post'),
  'news-article': () => import('./routes/news-article'),
  supply: () => import('./routes/supply'),
  news: () => import('./routes/news'),
  analytics: () => import('./routes/analytics'),
  settings: () => import('./routes/settings'),
  alerts: () => import('./routes/alerts'),
  ask: () => import('./routes/ask'),
  'billing-test-checkout': () => import('./routes/billing-test-checkout'),
  'billing-test-portal': () => import('./routes/billing-test-portal'),
  portfolio: () => import('./routes/portfolio'),
  whales: () => import('./routes/whales'),
  admin: () => import('./routes/admin'),
  'research-editor': () => import('./routes/research-editor'),
};

/** A group of the page table: each page's route, in the table's order. */
const pagesIn = (group: Partial<Record<PageName, PageModule>>) =>
  Object.entries(group).map(([name, module]) => page(appRoutes[name as PageName], loaders[module]));

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
      ...pagesIn(pageTable.public),
      // One RouteGuard for each access but public, in the table's order.
      ...(Object.keys(pageTable) as Access[])
        .filter((access) => access !== 'public')
        .map((access) => ({
          element: <RouteGuard access={access} />,
          handle: guardHandle,
          children: pagesIn(pageTable[access]),
        })),
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
