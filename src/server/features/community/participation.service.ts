import { communityMessages, type Participation } from '@/domain/community/community.schema';
import type { Db, Trx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Viewer } from '../../lib/context';
import { canReadPremium, loadSubject, type Reader, type SubjectInfo } from './subjects.service';

export const readerOf = (viewer: Viewer | null): Reader | null =>
  viewer ? { isPremium: viewer.isPremium, isAdmin: viewer.isAdmin, blocked: viewer.profile.blocked } : null;

export const isModerator = (viewer: Viewer | null) =>
  Boolean(viewer && viewer.isAdmin && !viewer.profile.blocked);

/** Why the viewer may not post here (or 'ok'), with the words the page shows them. */
export async function participationOf(
  db: Db | Trx,
  viewer: Viewer | null,
  info: { premiumOnly: boolean } | null,
): Promise<Participation> {
  const moderator = isModerator(viewer);
  if (!viewer) return { status: 'guest', message: communityMessages.signIn, moderator, profile: null };
  if (viewer.profile.blocked)
    return { status: 'blocked', message: 'Your account has been blocked.', moderator, profile: null };
  const row = await db
    .selectFrom('commenters')
    .select(['display_name', 'expertise', 'stopped_at', 'stopped_reason'])
    .where('user_id', '=', viewer.user.id)
    .executeTakeFirst();
  const profile = row?.display_name ? { displayName: row.display_name, expertise: row.expertise } : null;
  const status = (value: Participation['status'], message: string | null): Participation => ({
    status: value,
    message,
    moderator,
    profile,
  });
  if (info?.premiumOnly && !canReadPremium(readerOf(viewer)))
    return status('locked', communityMessages.premiumResearch);
  if (!viewer.user.emailVerified) return status('unverified', communityMessages.verifyEmail);
  if (row?.stopped_at) return status('stopped', communityMessages.stopped(row.stopped_reason));
  if (!profile) return status('needs_profile', communityMessages.needsProfile);
  return status('ok', null);
}

/** Refuses (401/403/409) unless the viewer may post, like or report in this discussion. */
export async function requireParticipant(
  db: Db | Trx,
  viewer: Viewer,
  info: SubjectInfo,
  options: { needsProfile: boolean; stoppedMayAct: boolean },
): Promise<void> {
  const participation = await participationOf(db, viewer, info);
  const { status, message } = participation;
  if (status === 'ok') return;
  if (status === 'needs_profile' && !options.needsProfile) return;
  if (status === 'stopped' && options.stoppedMayAct) return;
  if (status === 'guest') throw new AppError('unauthorized', communityMessages.signIn);
  if (status === 'needs_profile') throw new AppError('conflict', communityMessages.needsProfile);
  throw new AppError('forbidden', message ?? 'You cannot take part in this discussion.');
}

/** The stored comment with its discussion, checked against what the viewer may read. */
export async function loadTarget(db: Db | Trx, viewer: Viewer, id: string) {
  const row = await db
    .selectFrom('comments')
    .select(['id', 'subject_type', 'subject_key', 'parent_id', 'author_id', 'status', 'created_at', 'body'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', communityMessages.notFound);
  const info = await loadSubject(db, { type: row.subject_type, key: row.subject_key }, readerOf(viewer));
  return { row, info };
}
