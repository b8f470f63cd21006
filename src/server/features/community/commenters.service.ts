import { communityMessages, type CommenterProfile } from '@/domain/community/community.schema';
import type { Db } from '../../db/client';
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

/** Sets the name (and expertise line) shown with every comment of the member, past ones included. */
export async function saveCommenterProfile(
  db: Db,
  viewer: Viewer,
  input: { displayName: string; expertise?: string | null | undefined },
): Promise<CommenterProfile> {
  const expertise = input.expertise ? input.expertise : null;
  await db
    .insertInto('commenters')
    .values({ user_id: viewer.user.id, display_name: input.displayName, expertise })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ display_name: input.displayName, expertise, updated_at: new Date() }),
    )
    .execute();
  return getCommenterProfile(db, viewer);
}
