import type { Viewer } from './context';
import { MEMBER_WRITE, type ChangeFeed } from './read-cache';

/** What a viewer is read from (lib/viewer.ts), and a member's own write: nothing else changes it. */
const VIEWER_TABLES: ReadonlySet<string> = new Set(['session', 'user', 'profiles', MEMBER_WRITE]);

/** Past this many signed-in browsers the cache starts over rather than grow. */
const MAX_ENTRIES = 10_000;

export interface ViewerCache {
  /** The viewer of this cookie header as last read, or undefined when it must be read again. */
  get(cookie: string): Viewer | undefined;
  /** The change generation a read starts in; `keep` drops a read that overlapped a change. */
  generation(): number;
  keep(cookie: string, viewer: Viewer, startedIn: number): void;
  /** Forgets every kept session of the member this cookie belongs to (a write they just made). */
  forgetOwnerOf(cookie: string): void;
}

/**
 * Who a session cookie belongs to, kept in memory until it changes (ADR 0043, ADR 0052): a change of
 * a member's session, account or profile, announced by any process with that member's id
 * (migration 0025), forgets that member's entries; one that names no member (a TRUNCATE, a statement
 * over many members, a staff member's write) forgets every entry. An entry lasts `maxAgeMs` at most
 * in case an announcement was lost, and never past its session's expiry. Only signed-in viewers are
 * kept: a made-up cookie costs a read, not memory.
 */
export function createViewerCache(changes: ChangeFeed, maxAgeMs: number): ViewerCache | null {
  if (maxAgeMs <= 0) return null;
  const kept = new Map<string, { viewer: Viewer; at: number }>();
  const cookiesOf = new Map<string, Set<string>>();
  // Each forget is a new generation; a read is kept only if neither everyone nor its member was
  // forgotten since it started (another member's sign-in does not void it).
  let current = 0;
  let everyoneAt = 0;
  const memberAt = new Map<string, number>();
  const forgetAll = () => {
    current += 1;
    everyoneAt = current;
    kept.clear();
    cookiesOf.clear();
    memberAt.clear();
  };
  const forgetOwner = (userId: string) => {
    if (memberAt.size >= MAX_ENTRIES) return forgetAll();
    current += 1;
    memberAt.set(userId, current);
    for (const cookie of cookiesOf.get(userId) ?? []) kept.delete(cookie);
    cookiesOf.delete(userId);
  };
  changes.onChange((table, owner) => {
    if (table === null) forgetAll();
    else if (!VIEWER_TABLES.has(table)) return;
    else if (owner) forgetOwner(owner);
    else forgetAll();
  });
  return {
    get(cookie) {
      const hit = kept.get(cookie);
      if (!hit) return undefined;
      const now = Date.now();
      if (now - hit.at >= maxAgeMs || new Date(hit.viewer.session.expiresAt).getTime() <= now) {
        kept.delete(cookie);
        cookiesOf.get(hit.viewer.user.id)?.delete(cookie);
        return undefined;
      }
      return hit.viewer;
    },
    generation: () => current,
    keep(cookie, viewer, startedIn) {
      if (everyoneAt > startedIn || (memberAt.get(viewer.user.id) ?? 0) > startedIn) return;
      if (kept.size >= MAX_ENTRIES) forgetAll();
      kept.set(cookie, { viewer, at: Date.now() });
      const cookies = cookiesOf.get(viewer.user.id) ?? new Set<string>();
      cookies.add(cookie);
      cookiesOf.set(viewer.user.id, cookies);
    },
    forgetOwnerOf(cookie) {
      const hit = kept.get(cookie);
      if (hit) forgetOwner(hit.viewer.user.id);
    },
  };
}
