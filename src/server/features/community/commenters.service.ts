import { communityMessages, type CommenterProfile } from '@/domain/community/community.schema';
import { displayNameKeys, isReservedDisplayName } from '@/domain/community/lookalikes';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Viewer } from '../../lib/context';

/** The member's name and expertise line in the discussions, and why they cannot comment (if so). */
export async function getCommenterProfile(db: Db, viewer: Viewer): Promise<CommenterProfile> {
  const row = await db
    .selectFrom('commenters')
    .select(['display_name', 'expertise', 'stopped_at', 'stopped_reason'])
    .where('user_id', '=', viewer.user.id)
    .executeTakeFirst();
  return {
    displayName: row?.display_name ?? null,
    expertise: row?.expertise ?? null,
    blockedReason: !viewer.user.emailVerified
      ? communityMessages.verifyEmail
      : row?.stopped_at
        ? communityMessages.stopped(row.stopped_reason)
        : null,
  };
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';

/**
 * Sets the name (and expertise line) shown with every comment of the member, past ones included. A
 * name is one member's, and so is every name that looks like it (another case, lookalike letters from
 * another alphabet, invisible characters): its skeletons are stored under unique indexes, so of two
 * members saving lookalike names at once one is refused. Names that would pass for the team are the
 * team's, and a member stopped from commenting keeps the name they had.
 */
export async function saveCommenterProfile(
  db: Db,
  viewer: Viewer,
  input: { displayName: string; expertise?: string | null | undefined },
): Promise<CommenterProfile> {
  const current = await getCommenterProfile(db, viewer);
  if (current.blockedReason) throw new AppError('forbidden', current.blockedReason);
  if (!viewer.isAdmin && isReservedDisplayName(input.displayName))
    throw new AppError('validation_error', communityMessages.nameReserved, [
      { path: 'displayName', message: communityMessages.nameReserved },
    ]);
  const expertise = input.expertise ? input.expertise : null;
  const { key, skeleton } = displayNameKeys(input.displayName);
  const name = { display_name: input.displayName, display_name_key: key, display_name_skeleton: skeleton };
  try {
    await db
      .insertInto('commenters')
      .values({ user_id: viewer.user.id, ...name, expertise })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet({ ...name, expertise, updated_at: new Date() }),
      )
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError('conflict', communityMessages.nameTaken, [
      { path: 'displayName', message: communityMessages.nameTaken },
    ]);
  }
  return getCommenterProfile(db, viewer);
}
