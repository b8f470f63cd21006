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
  | { type: 'api_source'; data: ApiSourceDto };

export type ServerEventType = ServerEvent['type'];
export type EventAudience = 'public' | 'premium' | 'admin';

/** Who may receive an event (SPEC §6, enforced by the server): whales for premium, sync state for admins. */
export function canReceive(
  audience: EventAudience,
  viewer: { isPremium: boolean; isAdmin: boolean } | null,
): boolean {
  if (audience === 'public') return true;
  if (audience === 'premium') return Boolean(viewer?.isPremium);
  return Boolean(viewer?.isAdmin);
}
