import { firstPasswordError } from '@/domain/auth/password-rules';
import type { Role, SubscriptionPlan } from '@/domain/plans/entitlements';
import type { Db } from '../../db/client';
import { releaseAssignments } from '../questions';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/app-error';
import type { Auth } from '../../lib/auth';
import { ensureProfile, setSubscriptionPlan } from '../../lib/profiles';

export interface CreateUserInput {
  email: string;
  password: string;
  name?: string | undefined;
  role?: Role | undefined;
  plan?: SubscriptionPlan | undefined;
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('user')
    .select('id')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

async function requireUserIdByEmail(db: Db, email: string): Promise<string> {
  const id = await findUserIdByEmail(db, email);
  if (!id) throw new AppError('not_found', `No user with email ${email}`);
  return id;
}

/** Operator path (CLI): a verified user with a password, role and plan, no email sent. */
export async function createVerifiedUser(auth: Auth, db: Db, input: CreateUserInput) {
  const weakness = firstPasswordError(input.password);
  if (weakness) throw new AppError('validation_error', weakness);
  return createVerifiedUserWithHash(auth, db, input, async () =>
    (await auth.$context).password.hash(input.password),
  );
}

/**
 * A verified user whose credential is `passwordHash()`, better-auth's stored form of the password,
 * asked for only once the address is known to be free: a hash costs a core about a tenth of a second.
 */
export async function createVerifiedUserWithHash(
  auth: Auth,
  db: Db,
  input: Omit<CreateUserInput, 'password'>,
  passwordHash: () => Promise<string>,
) {
  const email = input.email.trim().toLowerCase();
  if (await findUserIdByEmail(db, email))
    throw new AppError('conflict', `A user with email ${email} already exists`);

  const context = await auth.$context;
  const name = input.name?.trim() || '';
  const user = await context.internalAdapter.createUser(
    {
      email,
      name,
      emailVerified: true,
      role: input.role ?? 'user',
    },
    { method: 'admin' },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await passwordHash(),
  });
  await ensureProfile(db, { id: user.id, email, name });
  const plan = input.plan ?? 'free';
  if (plan !== 'free') await setSubscriptionPlan(db, user.id, plan);
  return { id: user.id, email, role: input.role ?? 'user', plan };
}

/** Operator path (CLI): the role changes with its audit row (no admin: an operator) in one transaction. */
export async function setUserRole(db: Db, email: string, role: Role) {
  const id = await requireUserIdByEmail(db, email);
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('user')
      .select('role')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await trx.updateTable('user').set({ role, updatedAt: new Date() }).where('id', '=', id).execute();
    if (role === 'user') await releaseAssignments(trx, id);
    await recordAudit(trx, {
      adminUserId: null,
      actionType: 'role_change',
      targetUserId: id,
      oldValue: { role: before.role ?? 'user' },
      newValue: { role },
      reason: 'command line',
    });
  });
  return { id, email, role };
}

/** Operator path (CLI): the plan changes with its audit row in one transaction. */
export async function setUserPlan(db: Db, email: string, plan: SubscriptionPlan) {
  const id = await requireUserIdByEmail(db, email);
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('profiles')
      .select('subscription_plan')
      .where('user_id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await setSubscriptionPlan(trx, id, plan);
    await recordAudit(trx, {
      adminUserId: null,
      actionType: 'subscription_change',
      targetUserId: id,
      oldValue: { subscriptionPlan: before.subscription_plan },
      newValue: { subscriptionPlan: plan },
      reason: 'command line',
    });
  });
  return { id, email, plan };
}

/**
 * Blocks or unblocks a user: the profile flag, better-auth's ban (which refuses sign-in) and, when
 * blocking, every session at once.
 */
export async function setUserBlocked(db: Db, userId: string, blocked: boolean, reason?: string) {
  await db.transaction().execute(async (trx) => {
    const profile = await trx
      .updateTable('profiles')
      .set({ blocked, updated_at: new Date() })
      .where('user_id', '=', userId)
      .returning('id')
      .executeTakeFirst();
    if (!profile) throw new AppError('not_found', 'User not found');
    await trx
      .updateTable('user')
      .set({
        banned: blocked,
        banReason: blocked ? (reason ?? null) : null,
        banExpires: null,
        updatedAt: new Date(),
      })
      .where('id', '=', userId)
      .execute();
    if (blocked) {
      await trx.deleteFrom('session').where('userId', '=', userId).execute();
      await releaseAssignments(trx, userId);
    }
  });
}
