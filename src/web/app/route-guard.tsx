import { Navigate, Outlet, useLocation } from 'react-router';
import { decideAccess } from '@/domain/routing/guard';
import type { Access } from '@/domain/routing/routes';
import { Spinner } from '@/web/components/ui/spinner';
import { useSession } from './providers/session-provider';

/** SPEC §2 route guard. The API refuses the same requests; this only spares the round trip. */
export function RouteGuard({ access }: { access: Access }) {
  const { loading, user, isPremium, isAdmin } = useSession();
  const location = useLocation();
  const decision = decideAccess(access, { loading, signedIn: Boolean(user), isPremium, isAdmin });
  if (decision.kind === 'loading') return <Spinner />;
  if (decision.kind === 'redirect') {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={decision.to} replace state={decision.rememberFrom ? { from } : undefined} />;
  }
  return <Outlet />;
}
