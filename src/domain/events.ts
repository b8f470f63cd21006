import type { Notification } from './alerts/alerts.schema';
import type { CryptoMetrics } from './market/market.schema';
import type { ApiSourceDto, SyncLogDto } from './sync/sync.schema';
import type { WhaleTransaction } from './whales/whales.schema';

/**
 * The server-sent events of GET /api/events: the wire contract of live updates. Each carries the
 * app_events id (for Last-Event-ID resume) and the changed row as the read API returns it.
 */
export type ServerEvent =
  | { type: 'metrics'; data: CryptoMetrics }
  | { type: 'fear_greed'; data: { value: number; classification: string; timestamp: string } }
  | { type: 'whale'; data: WhaleTransaction }
  | { type: 'sync_log'; data: SyncLogDto }
  | { type: 'api_source'; data: ApiSourceDto }
  | { type: 'notification'; data: Notification }
  /** One of the member's watched accounts was read again from the XRP Ledger. */
  | { type: 'portfolio'; data: { accountId: string } }
  /** A comment was posted, edited, hidden or removed in a discussion (`news:<id>` …): readers refetch it. */
  | { type: 'comment'; data: { subject: string; id: string } };

export type ServerEventType = ServerEvent['type'];
export type EventAudience = 'public' | 'premium' | 'admin' | 'user';

/**
 * Who may receive an event (enforced by the server): whales for premium, sync state for
 * admins, a notification for the one user it is addressed to.
 */
export function canReceive(
  event: { audience: EventAudience; userId?: string | undefined },
  viewer: { userId: string; isPremium: boolean; isAdmin: boolean } | null,
): boolean {
  if (event.audience === 'public') return true;
  if (event.audience === 'premium') return Boolean(viewer?.isPremium);
  if (event.audience === 'user') return Boolean(viewer && event.userId && viewer.userId === event.userId);
  return Boolean(viewer?.isAdmin);
}
