import { createBrowserRouter, type RouteObject } from 'react-router';
import { appRoutes } from '@/domain/routing/routes';
import { Spinner } from '@/web/components/ui/spinner';
import { RootLayout } from './layout/root-layout';
import { RouteGuard } from './route-guard';

const infoPages: { path: string; title: string }[] = [
  { path: appRoutes.learn, title: 'Learn' },
  { path: appRoutes.about, title: 'About' },
  { path: appRoutes.privacy, title: 'Privacy Policy' },
  { path: appRoutes.terms, title: 'Terms of Service' },
];

/** SPEC §2 route table. Every page is its own lazy chunk; guarded pages sit under a RouteGuard. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: () => <Spinner />,
    children: [
      { index: true, lazy: () => import('./routes/home') },
      { path: appRoutes.auth, lazy: () => import('./routes/auth') },
      { path: appRoutes.membership, lazy: () => import('./routes/membership') },
      { path: appRoutes.regulatory, lazy: () => import('./routes/regulatory') },
      { path: appRoutes.unsubscribe, lazy: () => import('./routes/unsubscribe') },
      { path: appRoutes.newsletterConfirm, lazy: () => import('./routes/newsletter-confirm') },
      { path: appRoutes.contact, lazy: () => import('./routes/contact') },
      { path: appRoutes.api, lazy: () => import('./routes/api-reference') },
      { path: appRoutes.analysis, lazy: () => import('./routes/analysis') },
      { path: appRoutes.analysisWeek, lazy: () => import('./routes/analysis-week') },
      { path: appRoutes.research, lazy: () => import('./routes/research') },
      { path: appRoutes.researchPost, lazy: () => import('./routes/research-post') },
      {
        element: <RouteGuard access="user" />,
        children: [
          { path: appRoutes.news, lazy: () => import('./routes/news') },
          { path: appRoutes.analytics, lazy: () => import('./routes/analytics') },
          { path: appRoutes.settings, lazy: () => import('./routes/settings') },
          { path: appRoutes.testCheckout, lazy: () => import('./routes/billing-test-checkout') },
          { path: appRoutes.testBillingPortal, lazy: () => import('./routes/billing-test-portal') },
        ],
      },
      {
        element: <RouteGuard access="premium" />,
        children: [{ path: appRoutes.alerts, lazy: () => import('./routes/alerts') }],
      },
      {
        element: <RouteGuard access="admin" />,
        children: [
          { path: appRoutes.admin, lazy: () => import('./routes/admin') },
          { path: appRoutes.researchNew, lazy: () => import('./routes/research-editor') },
          { path: appRoutes.researchEdit, lazy: () => import('./routes/research-editor') },
        ],
      },
      ...infoPages.map((page) => ({
        path: page.path,
        handle: { title: page.title },
        lazy: () => import('./routes/info-page'),
      })),
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
