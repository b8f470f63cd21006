import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '@/web/lib/session';
import { TestModeBanner } from '@/web/features/billing/components/test-mode-banner';
import { AuthLinkNotices } from './auth-link-notices';
import { Footer } from './footer';
import { Header } from './header';
import { useServerEvents } from '@/web/lib/server-events';
// The one file, not the feature's index: the layout is on every page, the discussion on a few.
import { isDiscussionPath } from '@/web/features/community/lib/discussion-paths';
import { ScrollRestoration } from './scroll-restoration';
import { registerAppWorker } from './app-worker';

export function RootLayout() {
  const { user } = useSession();
  const { pathname } = useLocation();
  useEffect(registerAppWorker, []);
  // One live connection per tab: signed-in users everywhere (their alerts), visitors on the dashboard
  // and on the pages with a discussion (new comments appear as they are posted).
  useServerEvents(
    user ? `user:${user.id}` : pathname === '/analytics' || isDiscussionPath(pathname) ? 'visitor' : null,
  );
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      {/* In the flow above the footer, never over content or dialogs. */}
      <TestModeBanner />
      <Footer />
      <AuthLinkNotices />
      <ScrollRestoration />
    </div>
  );
}
