import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { streamAudiences, type StreamAudience } from './events.service';

/** One open stream of a signed-in member: its session, and who it may serve as of the last check. */
export interface SignedInStream {
  sessionId: string;
  audience: StreamAudience;
  /** Ends the stream: its session is gone or expired, or its member blocked. */
  end(): void;
}

/**
 * The open streams of signed-in members in this process, re-checked against the database before any
 * event that is not public (whales, sync state, notifications): a downgrade, block, sign-out or
 * password change (which deletes the other sessions) takes effect on streams already open.
 *
 * One query per burst of restricted events per process, whatever the number of streams: a check that
 * starts after an event arrived serves every stream for that event, and events arriving while a check
 * runs share the next one. If the check fails, restricted events are withheld (fail closed).
 */
export class StreamAudiences {
  private readonly streams = new Set<SignedInStream>();
  private running: Promise<boolean> | null = null;
  private pending: Promise<boolean> | null = null;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {}

  add(stream: SignedInStream): () => void {
    this.streams.add(stream);
    return () => this.streams.delete(stream);
  }

  /** Resolves once every stream's audience reflects the database as of now; false if it could not. */
  revalidate(): Promise<boolean> {
    if (this.pending) return this.pending;
    if (!this.running) {
      this.running = this.check().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.pending = this.running.then(() => {
      this.pending = null;
      return this.revalidate();
    });
    return this.pending;
  }

  private async check(): Promise<boolean> {
    const streams = [...this.streams];
    const sessionIds = [...new Set(streams.map((stream) => stream.sessionId))];
    try {
      const current = await streamAudiences(this.db, sessionIds);
      for (const stream of streams) {
        const audience = current.get(stream.sessionId);
        if (audience) stream.audience = audience;
        else stream.end();
      }
      return true;
    } catch (error) {
      this.logger.error({ err: error, streams: streams.length }, 'could not re-check live stream audiences');
      return false;
    }
  }
}
