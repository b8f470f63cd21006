import { sql } from 'kysely';
import {
  ADMIN_USERS_PAGE_SIZE,
  BLOCK_REASON_REQUIRED,
  CANNOT_BLOCK_SELF,
  CANNOT_MODIFY_SELF,
  ADMIN_ROLE_BY_CLI,
  type AdminOverview,
  type AdminUser,
  type AdminUserUpdate,
  type AuditLog,
} from '@/domain/admin/admin.schema';
import type { BillingConfig } from '@/domain/billing/billing';
import { scheduledEnd } from '@/domain/billing/billing';
import { roleOf } from '@/domain/plans/entitlements';
import { monthlyRevenueCents, premiumKindOf, type PremiumKind } from '@/domain/plans/premium-access';
import type { Db } from '../../db/client';
import { questionMetrics, releaseAssignments } from '../questions';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import { memberNoticeEmail } from './users.emails';

function adminUsersQuery(db: Db) {
  return db
    .selectFrom('profiles as p')
    .innerJoin('user as u', 'u.id', 'p.user_id')
    .select([
      'p.id',
      'p.user_id',
      'p.full_name',
      'p.email',
      'p.subscription_plan',
      'p.blocked',
      'p.created_at',
      'p.updated_at',
      'u.role',
      'u.banReason',
    ]);
}

type AdminUserRow = Awaited<ReturnType<ReturnType<typeof adminUsersQuery>['executeTakeFirstOrThrow']>>;

function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    userId: row.user_id,
    fullName: row.full_name,
    email: row.email,
    subscriptionPlan: row.subscription_plan,
    blocked: row.blocked,
    blockReason: row.blocked ? row.banReason : null,
    role: roleOf(row.role),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/** Profiles newest first; here with a search on name or email and pages of 20. */
export async function listAdminUsers(db: Db, query: { search?: string | undefined; page: number }) {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : null;
  const filtered = adminUsersQuery(db).$if(pattern !== null, (builder) =>
    builder.where((where) =>
      where.or([where('p.full_name', 'ilike', pattern!), where('p.email', 'ilike', pattern!)]),
    ),
  );
  const [rows, total] = await Promise.all([
    filtered
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id')
      .limit(ADMIN_USERS_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_USERS_PAGE_SIZE)
      .execute(),
    filtered
      .clearSelect()
      .select(sql<string>`count(*)`.as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    users: rows.map(toAdminUser),
    total: Number(total.count),
    page: query.page,
    pageSize: ADMIN_USERS_PAGE_SIZE,
  };
}

/** What the member is told of an admin's change (name edits are not mailed). */
export type MemberNotice =
  | { kind: 'plan'; plan: AdminUser['subscriptionPlan'] }
  | { kind: 'blocked'; reason: string }
  | { kind: 'unblocked' };

/**
 * An admin's change to a user: name, plan, blocked. Never their own account; blocking
 * needs a reason, bans sign-in and ends every session. Each change writes its audit row in the same
 * transaction, so a change without its audit row cannot happen. The member is told of a new plan, a
 * block or an unblock after the change committed; a mail that fails is logged, the change stands.
 */
export async function updateAdminUser(
  deps: { db: Db; mailer: Mailer; logger: Logger; publicUrl: string },
  adminUserId: string,
  targetUserId: string,
  change: AdminUserUpdate,
): Promise<AdminUser> {
  const { user, notices } = await applyAdminChange(deps.db, adminUserId, targetUserId, change);
  for (const notice of notices) {
    await deps.mailer
      .send(memberNoticeEmail(user.email, notice, deps.publicUrl))
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'member notice mail failed'));
  }
  return user;
}

async function applyAdminChange(
  db: Db,
  adminUserId: string,
  targetUserId: string,
  change: AdminUserUpdate,
): Promise<{ user: AdminUser; notices: MemberNotice[] }> {
  const notices: MemberNotice[] = [];
  if (targetUserId === adminUserId)
    throw new AppError('forbidden', change.blocked === true ? CANNOT_BLOCK_SELF : CANNOT_MODIFY_SELF);
  const reason = change.reason?.trim() || null;
  if (change.blocked === true && !reason) throw new AppError('validation_error', BLOCK_REASON_REQUIRED);

  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('profiles')
      .select(['full_name', 'subscription_plan', 'blocked'])
      .where('user_id', '=', targetUserId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new AppError('not_found', 'User not found');
    const now = new Date();
    if (change.role !== undefined) {
      const current = await trx
        .selectFrom('user')
        .select('role')
        .where('id', '=', targetUserId)
        .executeTakeFirstOrThrow();
      const was = roleOf(current.role);
      if (was === 'admin') throw new AppError('conflict', ADMIN_ROLE_BY_CLI);
      if (was !== change.role) {
        await trx
          .updateTable('user')
          .set({ role: change.role, updatedAt: now })
          .where('id', '=', targetUserId)
          .execute();
        // The inbox moves on without them: their open questions wait unassigned.
        if (change.role === 'user') await releaseAssignments(trx, targetUserId);
        await recordAudit(trx, {
          adminUserId,
          actionType: 'role_change',
          targetUserId,
          oldValue: { role: was },
          newValue: { role: change.role },
          reason,
        });
      }
    }
    if (change.fullName !== undefined && change.fullName !== (before.full_name ?? '')) {
      await trx
        .updateTable('profiles')
        .set({ full_name: change.fullName, updated_at: now })
        .where('user_id', '=', targetUserId)
        .execute();
      await trx
        .updateTable('user')
        .set({ name: change.fullName, updatedAt: now })
        .where('id', '=', targetUserId)
        .execute();
      await recordAudit(trx, {
        adminUserId,
        actionType: 'profile_update',
        targetUserId,
        oldValue: { fullName: before.full_name },
        newValue: { fullName: change.fullName },
      });
    }
    if (change.subscriptionPlan !== undefined && change.subscriptionPlan !== before.subscription_plan) {
      await trx
        .updateTable('profiles')
        .set({ subscription_plan: change.subscriptionPlan, updated_at: now })
        .where('user_id', '=', targetUserId)
        .execute();
      await recordAudit(trx, {
        adminUserId,
        actionType: 'subscription_change',
        targetUserId,
        oldValue: { subscriptionPlan: before.subscription_plan },
        newValue: { subscriptionPlan: change.subscriptionPlan },
        reason,
      });
      notices.push({ kind: 'plan', plan: change.subscriptionPlan });
    }
    if (change.blocked !== undefined && change.blocked !== before.blocked) {
      await trx
        .updateTable('profiles')
        .set({ blocked: change.blocked, updated_at: now })
        .where('user_id', '=', targetUserId)
        .execute();
      await trx
        .updateTable('user')
        .set({
          banned: change.blocked,
          banReason: change.blocked ? reason : null,
          banExpires: null,
          updatedAt: now,
        })
        .where('id', '=', targetUserId)
        .execute();
      if (change.blocked) {
        await trx.deleteFrom('session').where('userId', '=', targetUserId).execute();
        // A blocked analyst answers nothing: their questions wait unassigned for the others.
        await releaseAssignments(trx, targetUserId);
      }
      await recordAudit(trx, {
        adminUserId,
        actionType: change.blocked ? 'user_block' : 'user_unblock',
        targetUserId,
        oldValue: { blocked: before.blocked },
        newValue: { blocked: change.blocked },
        reason: change.blocked ? reason : (reason ?? null),
      });
      notices.push(change.blocked ? { kind: 'blocked', reason: reason ?? '' } : { kind: 'unblocked' });
    }
  });
  const user = toAdminUser(
    await adminUsersQuery(db).where('p.user_id', '=', targetUserId).executeTakeFirstOrThrow(),
  );
  return { user, notices };
}

/** The audit trail, newest first, by target user and action, 50 a page, with the people's emails. */
export async function listAuditLogs(
  db: Db,
  query: { userId?: string | undefined; action?: AuditLog['actionType'] | undefined; page: number },
) {
  const pageSize = 50;
  const filtered = db
    .selectFrom('admin_audit_logs as a')
    .leftJoin('user as admin', 'admin.id', 'a.admin_user_id')
    .leftJoin('user as target', 'target.id', 'a.target_user_id')
    .$if(Boolean(query.userId), (builder) => builder.where('a.target_user_id', '=', query.userId!))
    .$if(Boolean(query.action), (builder) => builder.where('a.action_type', '=', query.action!));
  const [rows, total] = await Promise.all([
    filtered
      .select([
        'a.id',
        'a.action_type',
        'a.target_user_id',
        'a.old_value',
        'a.new_value',
        'a.reason',
        'a.created_at',
        'admin.email as admin_email',
        'target.email as target_email',
      ])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(pageSize)
      .offset((query.page - 1) * pageSize)
      .execute(),
    filtered.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  const logs: AuditLog[] = rows.map((row) => ({
    id: row.id,
    actionType: row.action_type,
    adminEmail: row.admin_email,
    targetUserId: row.target_user_id,
    targetEmail: row.target_email,
    oldValue: row.old_value,
    newValue: row.new_value,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
  }));
  return { logs, total: Number(total.count), page: query.page, pageSize };
}

/**
 * Premium and complimentary members by kind: paying, unpaid, granted by an administrator,
 * complimentary; each once, by the same rule the membership page uses.
 */
async function premiumKinds(db: Db, now: Date): Promise<Record<PremiumKind, number>> {
  const [members, subscriptions] = await Promise.all([
    db
      .selectFrom('profiles')
      .select(['user_id', 'subscription_plan'])
      .where('subscription_plan', 'in', ['premium', 'complimentary'])
      .execute(),
    db
      .selectFrom('billing_subscriptions as s')
      .innerJoin('profiles as p', 'p.user_id', 's.user_id')
      .select(['s.user_id', 's.status', 's.current_period_end', 's.cancel_at_period_end', 's.cancel_at'])
      .where('p.subscription_plan', '=', 'premium')
      .execute(),
  ]);
  const byUser = new Map<string, { status: string; cancelAt: Date | null }[]>();
  for (const row of subscriptions) {
    const cancelAt = scheduledEnd({
      status: row.status,
      currentPeriodEnd: row.current_period_end,
      cancelAtPeriodEnd: row.cancel_at_period_end,
      cancelAt: row.cancel_at,
    });
    byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), { status: row.status, cancelAt }]);
  }
  const counts: Record<PremiumKind, number> = { paying: 0, unpaid: 0, granted: 0, complimentary: 0 };
  for (const member of members) {
    const kind = premiumKindOf(member.subscription_plan, byUser.get(member.user_id) ?? [], now);
    if (kind) counts[kind] += 1;
  }
  return counts;
}

/**
 * The admin overview's stat cards, plus billing's actual recurring revenue. The estimate is the paying
 * members times Premium's price as the billing provider holds it, unknown with the
 * provider's reason when the price cannot be read.
 */
export async function adminOverview(
  db: Db,
  billing: Pick<BillingConfig, 'price' | 'priceUnavailable'>,
): Promise<AdminOverview> {
  const [users, kinds, content, syncs, revenue, questions] = await Promise.all([
    db
      .selectFrom('profiles')
      .select([
        sql<string>`count(*)`.as('total'),
        sql<string>`count(*) FILTER (WHERE updated_at > now() - interval '30 days')`.as('active'),
        sql<string>`count(*) FILTER (WHERE blocked)`.as('blocked'),
      ])
      .executeTakeFirstOrThrow(),
    premiumKinds(db, new Date()),
    db
      .selectNoFrom([
        sql<string>`(SELECT count(*) FROM news_articles)`.as('news'),
        sql<string>`(SELECT count(*) FROM whale_transactions WHERE transaction_timestamp > now() - interval '24 hours')`.as(
          'whales',
        ),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('api_sync_logs')
      .select([
        sql<string>`count(*)`.as('total'),
        sql<string>`count(*) FILTER (WHERE status = 'error')`.as('errors'),
      ])
      .where('started_at', '>', sql<Date>`now() - interval '24 hours'`)
      .executeTakeFirstOrThrow(),
    // Each active paid subscription counts at the amount of its latest paid invoice.
    sql<{ cents: string | null }>`
      SELECT sum(latest.amount_cents) AS cents FROM billing_subscriptions s
      JOIN LATERAL (
        SELECT amount_cents FROM billing_invoices i
        WHERE i.subscription_id = s.id AND i.status = 'paid'
        ORDER BY i.created_at DESC LIMIT 1
      ) latest ON true
      WHERE s.status IN ('active', 'past_due')`.execute(db),
    questionMetrics(db),
  ]);
  const { price } = billing;
  return {
    totalUsers: Number(users.total),
    premiumUsers: kinds.paying + kinds.unpaid + kinds.granted + kinds.complimentary,
    payingPremiumUsers: kinds.paying,
    unpaidPremiumUsers: kinds.unpaid,
    grantedPremiumUsers: kinds.granted,
    complimentaryUsers: kinds.complimentary,
    activeUsers: Number(users.active),
    blockedUsers: Number(users.blocked),
    premiumPrice: price,
    estimatedMonthlyRevenueCents: price ? monthlyRevenueCents(kinds.paying, price) : null,
    revenueUnknownReason: price
      ? null
      : `Premium's price is unknown: ${billing.priceUnavailable ?? 'the payment provider did not say'}`,
    recurringRevenueCents: Number(revenue.rows[0]?.cents ?? 0),
    newsArticles: Number(content.news),
    whaleTransactions24h: Number(content.whales),
    recentSyncs: Number(syncs.total),
    recentSyncErrors: Number(syncs.errors),
    questions,
  };
}
