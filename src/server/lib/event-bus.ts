import type { EventAudience, ServerEvent } from '@/domain/events';
import type { DatabaseHandle } from '../db/client';
import { LIVE_EVENT, type ChangeListener } from './read-cache';
import type { Logger } from './logger';

/** `json` is the data serialised once, however many connections receive it; `userId` addresses one user. */
export type LiveEvent = ServerEvent & { id: string; audience: EventAudience; userId?: string; json: string };
export type EventLoader = (ids: string[]) => Promise<LiveEvent[]>;

/**
 * Fans database NOTIFYs out to this process's live connections. One LISTEN per process; each
 * notification names an app_events row, loaded once however many clients are connected.
 */
const CHANGED = 'changed:';

export class EventBus {
  private readonly subscribers = new Set<(event: LiveEvent) => void>();
  private readonly changeListeners = new Set<ChangeListener>();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly loader: EventLoader,
    private readonly logger: Logger,
  ) {}

  async start(handle: Pick<DatabaseHandle, 'listen'>): Promise<void> {
    this.stopListening = await handle.listen('app_events', (payload) => void this.deliver(payload));
  }

  private async deliver(id: string): Promise<void> {
    // `changed:<table>` names what changed (migration 0014), `changed:<table>:<user id>` whose rows
    // too (migration 0025); a live event's id is an app_events row, whose cause is not known until
    // loaded (a market figure, a whale, a notification: never a session or a profile).
    const [table = '', owner] = id.startsWith(CHANGED)
      ? id.slice(CHANGED.length).split(':', 2)
      : [LIVE_EVENT];
    for (const listener of this.changeListeners) listener(table, owner);
    if (this.subscribers.size === 0 || !/^\d+$/.test(id)) return;
    try {
      for (const event of await this.loader([id]))
        for (const subscriber of this.subscribers) subscriber(event);
    } catch (error) {
      this.logger.error({ err: error, eventId: id }, 'could not load a live event');
    }
  }

  subscribe(subscriber: (event: LiveEvent) => void): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /**
   * A change made by this process, announced to its caches at once rather than when the database's
   * NOTIFY comes back (a member's next request must not be answered from before their own write).
   */
  changed(table: string | null = null, owner?: string): void {
    for (const listener of this.changeListeners) listener(table, owner);
  }

  /**
   * Called on every change any process announces (before it is loaded): caches forget on it. `table`
   * is the table a `changed:<table>` announcement names, null when the change is not known.
   */
  onChange(listener: ChangeListener): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  get connections(): number {
    return this.subscribers.size;
  }

  async stop(): Promise<void> {
    this.subscribers.clear();
    this.changeListeners.clear();
    await this.stopListening?.();
  }
}
