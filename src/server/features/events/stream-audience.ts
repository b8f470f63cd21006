import { isAdminRole, isPremiumPlan } from '@/domain/plans/entitlements';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';

export interface Audience {
  userId: string;
  isPremium: boolean;
  isAdmin: boolean;
}

/** One open stream of a signed-in member: its session, and who it may serve as of the last check. */
export interface SignedInStream {
  sessionId: string;
  audience: Audience;
  /** Ends the stream: its session is gone or expired, or its member blocked. */
  end(): void;
}

const CHUNK = 1000;

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
      const current = new Map<string, Audience>();
      for (let start = 0; start < sessionIds.length; start += CHUNK) {
        const rows = await this.db
          .selectFrom('session as s')
          .innerJoin('user as u', 'u.id', 's.userId')
          .innerJoin('profiles as p', 'p.user_id', 's.userId')
          .select(['s.id', 's.userId', 'u.role', 'p.subscription_plan'])
          .where('s.id', 'in', sessionIds.slice(start, start + CHUNK))
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
