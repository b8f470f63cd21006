import type { Profile as ProfileDto } from '@/domain/session/session.schema';
import type { Db } from '../db/client';
import type { SubscriptionPlan } from '@/domain/plans/entitlements';
import type { Profile } from '../db/schema';

/** Creates the profile and preference rows of a new user; safe to call again (each is inserted if missing). */
export async function ensureProfile(
  db: Db,
  user: { id: string; email: string; name: string | null },
): Promise<Profile> {
  await db
    .insertInto('profiles')
    .values({ user_id: user.id, email: user.email, full_name: user.name?.trim() || null })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
  await db
    .insertInto('user_preferences')
    .values({ user_id: user.id, theme_preference: 'light' })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
  return db.selectFrom('profiles').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
}

export async function getProfileByUserId(db: Db, userId: string): Promise<Profile | undefined> {
  return db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The addresses of every administrator who is not blocked: who is mailed about members' messages. */
export async function adminEmails(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('user as u')
    .innerJoin('profiles as p', 'p.user_id', 'u.id')
    .select('u.email')
    .where('u.role', '=', 'admin')
    .where('p.blocked', '=', false)
    .execute();
  return rows.map((row) => row.email);
}

/** The member's plan as it is now (read again after billing changed it). */
export async function planOf(db: Db, userId: string): Promise<SubscriptionPlan> {
  const profile = await db
    .selectFrom('profiles')
    .select('subscription_plan')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return profile.subscription_plan;
}

export async function setSubscriptionPlan(
  db: Db,
  userId: string,
  plan: SubscriptionPlan,
): Promise<Profile | undefined> {
  return db
    .updateTable('profiles')
    .set({ subscription_plan: plan, updated_at: new Date() })
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export function toProfileDto(row: Profile): ProfileDto {
  return {
    id: row.id,
    userId: row.user_id,
    fullName: row.full_name,
    email: row.email,
    subscriptionPlan: row.subscription_plan,
    blocked: row.blocked,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
