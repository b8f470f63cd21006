import type { ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { appRoutes } from '@/domain/routing/routes';
import { lazyNamed } from '@/web/lib/lazy-named';
import { RootLayout } from './layout/root-layout';
import { RouteGuard } from './route-guard';

const infoPages: { path: string; title: string }[] = [
  { path: appRoutes.learn, title: 'Learn' },
  { path: appRoutes.about, title: 'About' },
  { path: appRoutes.privacy, title: 'Privacy Policy' },
  { path: appRoutes.terms, title: 'Terms of Service' },
];

/** A page's element: its route module, loaded when the page is first shown. */
function page(load: () => Promise<{ Component: ComponentType }>) {
  const Page = lazyNamed(load, 'Component');
  return <Page />;
}

const InfoPage = lazyNamed(() => import('./routes/info-page'), 'Component');
const researchEditor = page(() => import('./routes/research-editor'));

/**
 * SPEC §2 route table. Every page is its own lazy chunk; guarded pages sit under a RouteGuard.
 * React Router's declarative mode (ADR 0027): the pages fetch their own data with TanStack Query, so
 * the data router's loaders went unused, and it weighed 17 kB gzip on every page.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: page(() => import('./routes/home')) },
      { path: appRoutes.auth, element: page(() => import('./routes/auth')) },
      { path: appRoutes.membership, element: page(() => import('./routes/membership')) },
      { path: appRoutes.regulatory, element: page(() => import('./routes/regulatory')) },
      { path: appRoutes.unsubscribe, element: page(() => import('./routes/unsubscribe')) },
      { path: appRoutes.newsletterConfirm, element: page(() => import('./routes/newsletter-confirm')) },
      { path: appRoutes.contact, element: page(() => import('./routes/contact')) },
      { path: appRoutes.api, element: page(() => import('./routes/api-reference')) },
      { path: appRoutes.analysis, element: page(() => import('./routes/analysis')) },
      { path: appRoutes.analysisWeek, element: page(() => import('./routes/analysis-week')) },
      { path: appRoutes.research, element: page(() => import('./routes/research')) },
      { path: appRoutes.researchPost, element: page(() => import('./routes/research-post')) },
      {
        element: <RouteGuard access="user" />,
        children: [
          { path: appRoutes.news, element: page(() => import('./routes/news')) },
          { path: appRoutes.analytics, element: page(() => import('./routes/analytics')) },
          { path: appRoutes.settings, element: page(() => import('./routes/settings')) },
          { path: appRoutes.testCheckout, element: page(() => import('./routes/billing-test-checkout')) },
          { path: appRoutes.testBillingPortal, element: page(() => import('./routes/billing-test-portal')) },
        ],
      },
      {
        element: <RouteGuard access="premium" />,
        children: [{ path: appRoutes.alerts, element: page(() => import('./routes/alerts')) }],
      },
      {
        element: <RouteGuard access="admin" />,
        children: [
          { path: appRoutes.admin, element: page(() => import('./routes/admin')) },
          { path: appRoutes.researchNew, element: researchEditor },
          { path: appRoutes.researchEdit, element: researchEditor },
        ],
      },
      ...infoPages.map((info) => ({ path: info.path, element: <InfoPage title={info.title} /> })),
      { path: '*', element: page(() => import('./routes/not-found')) },
    ],
  },
];

/** The page for the current address, inside the site's layout. */
export function AppRoutes() {
  return useRoutes(routes);
}
