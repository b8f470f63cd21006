/**
 * Concurrent identical reads share one call: while a call for a key is running, callers with the same
 * key wait for it instead of starting their own. Nothing is kept once the call ends.
 */
export function singleFlight<A extends unknown[], R>(
  call: (...args: A) => Promise<R>,
  keyOf: (...args: A) => string,
): (...args: A) => Promise<R> {
  const running = new Map<string, Promise<R>>();
  return (...args) => {
    const key = keyOf(...args);
    const current = running.get(key);
    if (current) return current;
    const started = call(...args).finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}

/**
 * What announces that data changed (the event bus: every process hears every insert's NOTIFY).
 * `table`: what a `changed:<table>` announcement names; null when not known (forget everything).
 * `owner`: the member whose rows changed, when the announcement names one (`changed:<table>:<id>`).
 */
export type ChangeListener = (table: string | null, owner?: string) => void;
export interface ChangeFeed {
  onChange(listener: ChangeListener): () => void;
}

/** A live event's NOTIFY (an app_events row): news to every shared read, not to who a member is. */
export const LIVE_EVENT = 'app_events';
/** A request of a signed-in member (not staff) wrote something: what, only their own rows say. */
export const MEMBER_WRITE = 'member-write';
/** A request without a session wrote something (a sign-in, a webhook): its rows announce themselves. */
export const VISITOR_WRITE = 'visitor-write';
/**
 * Changes that say only who a member is (their session, account, profile) or that a member or a
 * visitor wrote their own rows: none of them changes what every visitor sees alike (ADR 0052).
 */
export const ACCOUNT_CHANGES = ['session', 'user', 'profiles', MEMBER_WRITE, VISITOR_WRITE] as const;

/**
 * Whether a kept read must be forgotten on a change: always when the change names no table, never
 * when it names one of `unaffectedBy` (tables the read does not read). A news feed's sync announces
 * each insert statement; the market figures need not be read again for it.
 */
export const forgets =
  (unaffectedBy: readonly string[] = []) =>
  (table: string | null): boolean =>
    table === null || !unaffectedBy.includes(table);

/**
 * A read kept in memory until the data changes: every answer is forgotten when `changes` announces a
 * change (any process's insert into the tables that feed the live events), and after `maxAgeMs` at
 * the latest, in case an announcement was lost (0 keeps nothing). An answer whose query overlapped a
 * change is not kept; a change of a table in `unaffectedBy` is not one. Only for reads of insert-only
 * data that every visitor sees alike (docs/decisions/0024).
 */
export function cachedRead<A extends unknown[], R>(
  changes: ChangeFeed,
  call: (...args: A) => Promise<R>,
  keyOf: (...args: A) => string,
  maxAgeMs = 60_000,
  unaffectedBy: readonly string[] = [],
): (...args: A) => Promise<R> {
  const kept = new Map<string, { value: R; at: number }>();
  let generation = 0;
  const forgetsOn = forgets(unaffectedBy);
  changes.onChange((table) => {
    if (!forgetsOn(table)) return;
    generation += 1;
    kept.clear();
  });
  const read = singleFlight(async (...args: A) => {
    const startedIn = generation;
    const value = await call(...args);
    if (startedIn === generation) kept.set(keyOf(...args), { value, at: Date.now() });
    return value;
  }, keyOf);
  if (maxAgeMs <= 0) return call;
  return (...args) => {
    const hit = kept.get(keyOf(...args));
    if (hit && Date.now() - hit.at < maxAgeMs) return Promise.resolve(hit.value);
    return read(...args);
  };
}
