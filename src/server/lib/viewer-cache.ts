import type { Viewer } from './context';
import { forgets, type ChangeFeed } from './read-cache';

/** The tables whose changes are announced by name (migration 0014): news, market figures, feeds. */
const CONTENT_TABLES = ['news_articles', 'crypto_metrics', 'fear_greed_index', 'rss_feeds'];

/** Past this many signed-in browsers the cache starts over rather than grow. */
const MAX_ENTRIES = 10_000;

export interface ViewerCache {
  /** The viewer of this cookie header as last read, or undefined when it must be read again. */
  get(cookie: string): Viewer | undefined;
  /** The change generation a read starts in; `keep` drops a read that overlapped a change. */
  generation(): number;
  keep(cookie: string, viewer: Viewer, startedIn: number): void;
}

/**
 * Who a session cookie belongs to, kept in memory until anything changes (ADR 0043): every change any
 * process announces (a sign-in or sign-out, a plan, role or block, any write this process serves)
 * forgets every entry, an entry lasts `maxAgeMs` at most in case an announcement was lost, and never
 * past its session's expiry. Only signed-in viewers are kept: a made-up cookie costs a read, not memory.
 */
export function createViewerCache(changes: ChangeFeed, maxAgeMs: number): ViewerCache | null {
  if (maxAgeMs <= 0) return null;
  const kept = new Map<string, { viewer: Viewer; at: number }>();
  let current = 0;
  // Content tables' announcements (migration 0014) say nothing about who a session belongs to.
  const forgetsOn = forgets(CONTENT_TABLES);
  changes.onChange((table) => {
    if (!forgetsOn(table)) return;
    current += 1;
    kept.clear();
  });
  return {
    get(cookie) {
      const hit = kept.get(cookie);
      if (!hit) return undefined;
      const now = Date.now();
      if (now - hit.at >= maxAgeMs || new Date(hit.viewer.session.expiresAt).getTime() <= now) {
        kept.delete(cookie);
        return undefined;
      }
      return hit.viewer;
    },
    generation: () => current,
    keep(cookie, viewer, startedIn) {
      if (startedIn !== current) return;
      if (kept.size >= MAX_ENTRIES) kept.clear();
      kept.set(cookie, { viewer, at: Date.now() });
    },
  };
}
