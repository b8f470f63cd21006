import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { canReceive } from '@/domain/events';
import { errorBody } from '../../lib/app-error';
import { clientIp } from '../../lib/client-ip';
import type { AppDeps, AppEnv } from '../../lib/context';
import type { LiveEvent } from '../../lib/event-bus';
import { loadViewer } from '../../lib/viewer';
import { eventsAfter } from './events.service';
import { StreamAudiences, type SignedInStream } from './stream-audience';

/**
 * GET /api/events: server-sent events of new metrics, fear & greed values, whale transactions (premium)
 * and sync changes (admins). Resumes after Last-Event-ID; a heartbeat keeps proxies from closing it.
 * A member's plan, block and session are re-checked before each event that is not public, and the
 * stream ends once the session is gone (stream-audience.ts).
 */
export function createEventRoutes(deps: AppDeps) {
  const open = new Map<string, number>();
  const audiences = new StreamAudiences(deps.db, deps.logger);
  return new Hono<AppEnv>().get('/events', async (c) => {
    const viewer = await loadViewer(c, deps);
    const member: SignedInStream | null =
      viewer && !viewer.profile.blocked
        ? {
            sessionId: viewer.session.id,
            audience: { userId: viewer.user.id, isPremium: viewer.isPremium, isAdmin: viewer.isAdmin },
            end: () => undefined,
          }
        : null;
    const key = viewer ? `user:${viewer.user.id}` : `ip:${clientIp(c, deps.env.TRUST_PROXY)}`;
    const count = open.get(key) ?? 0;
    // Open streams per signed-in user (or per address for visitors): enough for a few tabs.
    const cap = deps.env.SSE_MAX_STREAMS_PER_CLIENT;
    if (count >= cap) {
      return c.json(
        errorBody('rate_limited', `Too many open live connections (at most ${cap}); close a tab and retry`),
        429,
      );
    }
    open.set(key, count + 1);
    const lastEventId = c.req.header('last-event-id') ?? c.req.query('lastEventId');
    c.header('Cache-Control', 'no-cache, no-transform');
    c.header('X-Accel-Buffering', 'no');

    return streamSSE(c, async (stream) => {
      let isEnded = false;
      const ended = new Promise<void>((resolve) => {
        stream.onAbort(resolve);
        if (member)
          member.end = () => {
            isEnded = true;
            resolve();
          };
      });
      const send = async (event: LiveEvent, checked: Promise<boolean> | null) => {
        if (checked && !(await checked)) return;
        if (isEnded || !canReceive(event, member?.audience ?? null)) return;
        await stream.writeSSE({ id: event.id, event: event.type, data: event.json });
      };
      let chain = Promise.resolve();
      const queue = (event: LiveEvent) => {
        // Asked when the event arrives, so the check that serves it starts after it.
        const checked = member && event.audience !== 'public' ? audiences.revalidate() : null;
        chain = chain.then(() => send(event, checked)).catch(() => undefined);
      };
      const unsubscribe = deps.events.subscribe(queue);
      const forget = member ? audiences.add(member) : () => undefined;
      const heartbeat = setInterval(() => {
        chain = chain
          .then(() => stream.writeSSE({ event: 'ping', data: String(Date.now()) }))
          .catch(() => undefined);
      }, deps.env.SSE_HEARTBEAT_SECONDS * 1000);
      try {
        await stream.writeSSE({
          event: 'ready',
          data: JSON.stringify({ signedIn: Boolean(member) }),
          retry: 3000,
        });
        if (lastEventId && /^\d+$/.test(lastEventId))
          for (const event of await eventsAfter(deps.db, lastEventId)) queue(event);
        await ended;
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
        forget();
        const remaining = (open.get(key) ?? 1) - 1;
        if (remaining > 0) open.set(key, remaining);
        else open.delete(key);
      }
    });
  });
}
