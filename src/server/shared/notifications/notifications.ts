import { sql } from 'kysely';
import type { NotificationList, NotificationType } from '@/domain/alerts/alerts.schema';
import { toNotificationDto } from '@/domain/alerts/notification-record';
import type { Db, Trx } from '../../db/client';
import { planDeliveries } from './deliveries';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  /** Once per member and source: the same key twice notifies once. */
  sourceKey: string;
  title: string;
  body: string;
  url: string | null;
}

/**
 * Notifies members in the caller's transaction: the in-app notification (a live event for its
 * member) and its email and push deliveries under their preferences, or none of it.
 */
export async function notifyMembers(trx: Trx, items: readonly NewNotification[], now = new Date()) {
  if (items.length === 0) return;
  const created = await trx
    .insertInto('notifications')
    .values(
      items.map((item) => ({
        user_id: item.userId,
        type: item.type,
        source_key: item.sourceKey,
        title: item.title,
        body: item.body,
        url: item.url,
        created_at: now,
      })),
    )
    .onConflict((conflict) => conflict.columns(['user_id', 'source_key']).doNothing())
    .returning(['id', 'user_id', 'type'])
    .execute();
  await planDeliveries(trx, created, now);
  // Wakes the alerts job (on commit) so the mail goes now, not at its next tick.
  if (created.length > 0) await sql`SELECT pg_notify('alert_queue', 'notification')`.execute(trx);
}

/** Takes back notifications whose source is gone (a deleted reply): their text must not outlive it. */
export async function withdrawNotifications(trx: Trx, sourceKeys: readonly string[]): Promise<void> {
  if (sourceKeys.length === 0) return;
  await trx
    .deleteFrom('notifications')
    .where('source_key', 'in', [...sourceKeys])
    .execute();
}

/** A cursor is the last item's created_at and id: stable while new notifications arrive on top. */
const encodeCursor = (row: { created_at: Date; id: string }) =>
  Buffer.from(`${row.created_at.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(createdAt.getTime())) return null;
  return { createdAt, id };
}

/** The user's own delivered alerts, newest first, with the unread count for the bell. */
export async function listNotifications(
  db: Db,
  userId: string,
  options: { limit: number; cursor?: string | undefined; unreadOnly?: boolean },
): Promise<NotificationList> {
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const rows = await db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .$if(Boolean(options.unreadOnly), (query) => query.where('read_at', 'is', null))
    .$if(after !== null, (query) =>
      query.where((where) =>
        where.or([
          where('created_at', '<', after!.createdAt),
          where.and([where('created_at', '=', after!.createdAt), where('id', '<', after!.id)]),
        ]),
      ),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit + 1)
    .execute();
  const { count } = await db
    .selectFrom('notifications')
    .select(sql<string>`count(*)`.as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: page.map(toNotificationDto),
    unreadCount: Number(count),
    nextCursor: rows.length > options.limit && last ? encodeCursor(last) : null,
  };
}

/** Marks the given notifications (only the user's own) or all of them read; returns how many changed. */
export async function markRead(
  db: Db,
  userId: string,
  target: { ids: string[] } | { all: true },
): Promise<number> {
  const rows = await db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .$if('ids' in target, (query) => query.where('id', 'in', 'ids' in target ? target.ids : []))
    .returning('id')
    .execute();
  return rows.length;
}

/** Keeps the in-app history bounded: notifications older than 180 days go. */
export async function pruneNotifications(db: Db): Promise<number> {
  const rows = await db
    .deleteFrom('notifications')
    .where('created_at', '<', sql<Date>`now() - interval '180 days'`)
    .returning('id')
    .execute();
  return rows.length;
}
