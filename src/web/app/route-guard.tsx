import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { decideAccess } from '@/domain/routing/guard';
import type { Access } from '@/domain/routing/routes';
import { PageSpinner } from '@/web/components/ui/spinner';
import { useSession } from '@/web/lib/session';

/** SPEC §2 route guard. The API refuses the same requests; this only spares the round trip. */
export function RouteGuard({ access }: { access: Access }) {
  const { loading, user, isPremium, isAdmin, isAnalyst } = useSession();
  const location = useLocation();
  const decision = decideAccess(access, {
    loading,
    signedIn: Boolean(user),
    isPremium,
    isAdmin,
    isAnalyst,
  });
  if (decision.kind === 'loading') return <PageSpinner />;
  if (decision.kind === 'redirect') {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={decision.to} replace state={decision.rememberFrom ? { from } : undefined} />;
  }
  // The session's answer is not a transition: a page whose chunk is still on its way suspends here,
  // in the page's place, rather than at the root, which would hide the whole layout for a moment.
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
}
