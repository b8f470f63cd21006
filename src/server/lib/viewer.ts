import type { Context, MiddlewareHandler } from 'hono';
import { isAnalystRole, isPremiumPlan, roleOf } from '@/domain/plans/entitlements';
import { ensureProfile, getProfileByUserId } from './profiles';
import { AppError } from './app-error';
import type { AppDeps, AppEnv, Viewer } from './context';

/** Resolves the signed-in user of this request once (better-auth session + our profile). */
export async function loadViewer(
  c: Context<AppEnv>,
  deps: Pick<AppDeps, 'auth' | 'db'> & Partial<Pick<AppDeps, 'viewers'>>,
): Promise<Viewer | null> {
  const cached = c.get('viewer');
  if (cached !== undefined) return cached;
  // The same cookie header names the same session: kept until anything changes (viewer-cache.ts).
  const cookie = c.req.header('cookie');
  const kept = cookie ? deps.viewers?.get(cookie) : undefined;
  if (kept) {
    c.set('viewer', kept);
    return kept;
  }
  const startedIn = deps.viewers?.generation() ?? 0;
  const result = await deps.auth.api.getSession({ headers: c.req.raw.headers });
  let viewer: Viewer | null = null;
  if (result) {
    // One read on the hot path; the insert only for a user whose profile row is missing.
    const profile =
      (await getProfileByUserId(deps.db, result.user.id)) ?? (await ensureProfile(deps.db, result.user));
    const role = roleOf(result.user.role);
    viewer = {
      user: result.user,
      session: result.session,
      profile,
      role,
      isPremium: isPremiumPlan(profile.subscription_plan),
      isAdmin: role === 'admin',
      isAnalyst: isAnalystRole(role),
    };
  }
  if (viewer && cookie) deps.viewers?.keep(cookie, viewer, startedIn);
  c.set('viewer', viewer);
  return viewer;
}

export type Requirement = 'user' | 'premium' | 'analyst' | 'admin';

/** Server-side twin of the web route guard: 401 without a session, 403 without the plan or role. */
export function requireViewer(
  deps: Pick<AppDeps, 'auth' | 'db'> & Partial<Pick<AppDeps, 'viewers'>>,
  requirement: Requirement = 'user',
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const viewer = await loadViewer(c, deps);
    if (!viewer) throw new AppError('unauthorized', 'Please sign in to continue.');
    if (viewer.profile.blocked) throw new AppError('forbidden', 'Your account has been blocked.');
    if (requirement === 'premium' && !viewer.isPremium)
      throw new AppError('forbidden', 'This feature requires Premium.');
    if (requirement === 'analyst' && !viewer.isAnalyst)
      throw new AppError('forbidden', 'Analyst access is required.');
    if (requirement === 'admin' && !viewer.isAdmin)
      throw new AppError('forbidden', 'Administrator access is required.');
    await next();
  };
}

/** The viewer of a route guarded by requireViewer. */
export function viewerOf(c: Context<AppEnv>): Viewer {
  const viewer = c.get('viewer');
  if (!viewer) throw new AppError('unauthorized', 'Please sign in to continue.');
  return viewer;
}
