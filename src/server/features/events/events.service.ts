import { sql } from 'kysely';
import { toNotificationDto } from '@/domain/alerts/notification-record';
import type { ServerEvent } from '@/domain/events';
import { toMetricsDto } from '@/domain/market/metrics-record';
import { toSyncLogDto } from '@/domain/sync/sync-log-record';
import { isAdminRole, isPremiumPlan } from '@/domain/plans/entitlements';
import type { Db } from '../../db/client';
import type { LiveEvent } from '../../lib/event-bus';
import { readApiSource } from '../sync';
import { readWhaleTransaction } from '../whales';

async function loadData(
  db: Db,
  type: string,
  rowId: string,
  payload: { subject?: string | undefined },
): Promise<ServerEvent | null> {
  switch (type) {
    case 'metrics': {
      const row = await db
        .selectFrom('crypto_metrics')
        .selectAll()
        .where('id', '=', rowId)
        .executeTakeFirst();
      return row ? { type, data: toMetricsDto(row) } : null;
    }
    case 'fear_greed': {
      const row = await db
        .selectFrom('fear_greed_index')
        .selectAll()
        .where('id', '=', rowId)
        .executeTakeFirst();
      return row
        ? {
            type,
            data: {
              value: row.value,
              classification: row.value_classification,
              timestamp: row.timestamp.toISOString(),
            },
          }
        : null;
    }
    case 'whale': {
      const whale = await readWhaleTransaction(db, rowId);
      return whale ? { type, data: whale } : null;
    }
    case 'sync_log': {
      const row = await db.selectFrom('api_sync_logs').selectAll().where('id', '=', rowId).executeTakeFirst();
      return row ? { type, data: toSyncLogDto(row) } : null;
    }
    case 'api_source': {
      const source = await readApiSource(db, rowId);
      return source ? { type, data: source } : null;
    }
    case 'notification': {
      const row = await db.selectFrom('notifications').selectAll().where('id', '=', rowId).executeTakeFirst();
      return row ? { type, data: toNotificationDto(row) } : null;
    }
    case 'portfolio':
      return { type, data: { accountId: rowId } };
    case 'comment':
      return payload.subject ? { type, data: { subject: payload.subject, id: rowId } } : null;
    default:
      return null;
  }
}

async function toLiveEvents(
  db: Db,
  rows: {
    id: string;
    type: string;
    audience: LiveEvent['audience'];
    payload: { id: string; user_id?: string | undefined; subject?: string | undefined };
  }[],
) {
  const events: LiveEvent[] = [];
  for (const row of rows) {
    const event = await loadData(db, row.type, row.payload.id, row.payload);
    if (!event) continue;
    const live: LiveEvent = {
      ...event,
      id: String(row.id),
      audience: row.audience,
      json: JSON.stringify(event.data),
    };
    if (row.payload.user_id) live.userId = row.payload.user_id;
    events.push(live);
  }
  return events;
}

export async function loadEvents(db: Db, ids: string[]): Promise<LiveEvent[]> {
  const rows = await db
    .selectFrom('app_events')
    .select(['id', 'type', 'audience', 'payload'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  return toLiveEvents(db, rows);
}

/** Events after `afterId` from the last hour (a reconnect's Last-Event-ID), oldest first, at most `limit`. */
export async function eventsAfter(db: Db, afterId: string, limit = 500): Promise<LiveEvent[]> {
  const rows = await db
    .selectFrom('app_events')
    .select(['id', 'type', 'audience', 'payload'])
    .where('id', '>', afterId)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .orderBy('id')
    .limit(limit)
    .execute();
  return toLiveEvents(db, rows);
}

export async function pruneAppEvents(db: Db): Promise<number> {
  const rows = await db
    .deleteFrom('app_events')
    .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
    .returning('id')
    .execute();
  return rows.length;
}

/** Who a signed-in member's open stream may serve. */
export interface StreamAudience {
  userId: string;
  isPremium: boolean;
  isAdmin: boolean;
}

const SESSION_CHUNK = 1000;

/**
 * The audience of each session as the database holds it now (stream-audience.ts asks before each
 * restricted event): a session that is gone or expired, or whose member is blocked or banned, is absent.
 */
export async function streamAudiences(
  db: Db,
  sessionIds: readonly string[],
): Promise<Map<string, StreamAudience>> {
  const current = new Map<string, StreamAudience>();
  for (let start = 0; start < sessionIds.length; start += SESSION_CHUNK) {
    const rows = await db
      .selectFrom('session as s')
      .innerJoin('user as u', 'u.id', 's.userId')
      .innerJoin('profiles as p', 'p.user_id', 's.userId')
      .select(['s.id', 's.userId', 'u.role', 'p.subscription_plan'])
      .where('s.id', 'in', sessionIds.slice(start, start + SESSION_CHUNK))
      .where('s.expiresAt', '>', new Date())
      .where('p.blocked', '=', false)
      .where((eb) => eb.or([eb('u.banned', 'is', null), eb('u.banned', '=', false)]))
      .execute();
    for (const row of rows)
      current.set(row.id, {
        userId: row.userId,
        isPremium: isPremiumPlan(row.subscription_plan),
        isAdmin: isAdminRole(row.role),
      });
  }
  return current;
}
