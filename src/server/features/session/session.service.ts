import type { SessionState } from '@/domain/session/session.schema';
import { signedOutState } from '@/domain/session/signed-out';
import type { Viewer } from '../../lib/context';
import { toProfileDto } from '../../lib/profiles';

/** A viewer's session state; a blocked member, like no session, is signed out. */
export function sessionStateOf(viewer: Viewer | null): SessionState {
  if (!viewer || viewer.profile.blocked) return signedOutState;
  const { user, session, profile } = viewer;
  return {
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
    isAnalyst: viewer.isAnalyst,
  };
}
