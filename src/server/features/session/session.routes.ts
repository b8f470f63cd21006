import { createRoute } from '@hono/zod-openapi';
import { sessionStateSchema, type SessionState } from '@/domain/session/session.schema';
import { signedOutState } from '@/domain/session/signed-out';
import type { AppDeps } from '../../lib/context';
import { createRouter, jsonContent } from '../../lib/router';
import { loadViewer } from '../../lib/viewer';
import { toProfileDto } from '../../lib/profiles';

const sessionRoute = createRoute({
  method: 'get',
  path: '/session',
  tags: ['Session'],
  summary: 'The signed-in user, profile, role and plan flags (signed-out state when there is no session)',
  responses: { 200: jsonContent(sessionStateSchema, 'The session state') },
});

export function createSessionRoutes(deps: AppDeps) {
  return createRouter().openapi(sessionRoute, async (c) => {
    const viewer = await loadViewer(c, deps);
    c.header('Cache-Control', 'no-store');
    if (!viewer || viewer.profile.blocked) return c.json(signedOutState, 200);
    const { user, session, profile } = viewer;
    const state: SessionState = {
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        emailVerified: user.emailVerified,
        image: user.image ?? null,
        twoFactorEnabled: Boolean(user.twoFactorEnabled),
        createdAt: new Date(user.createdAt).toISOString(),
      },
      session: { id: session.id, expiresAt: new Date(session.expiresAt).toISOString() },
      profile: toProfileDto(profile),
      role: viewer.role,
      isPremium: viewer.isPremium,
      isAdmin: viewer.isAdmin,
    };
    return c.json(state, 200);
  });
}
