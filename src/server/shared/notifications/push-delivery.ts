import type { DeliveryDeps } from './deliveries';

/** One push per user: the alert itself, or a count when several are due at once (after quiet hours). */
export async function sendPush(
  deps: Pick<DeliveryDeps, 'db' | 'logger' | 'push'>,
  userId: string,
  items: readonly { id: string; title: string; body: string; url: string | null }[],
): Promise<{ ok: true } | { ok: false; retry: boolean; error: string }> {
  const only = items.length === 1 ? items[0] : undefined;
  const payload = JSON.stringify(
    only
      ? { title: only.title, body: only.body, url: only.url ?? '/alerts', tag: only.id }
      : {
          title: `${items.length} new XRP alerts`,
          body: items
            .map((item) => item.title)
            .slice(0, 3)
            .join(' · '),
          url: '/alerts',
          tag: 'digest',
        },
  );
  const targets = await deps.db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  if (targets.length === 0) return { ok: false, retry: false, error: 'no push subscription' };
  let delivered = false;
  let lastError = '';
  for (const target of targets) {
    const result = await deps.push!.send(target, payload);
    if (result.status === 'sent') {
      delivered = true;
      await deps.db
        .updateTable('push_subscriptions')
        .set({ last_success_at: new Date(), failure_count: 0 })
        .where('id', '=', target.id)
        .execute();
    } else if (result.status === 'gone') {
      await deps.db.deleteFrom('push_subscriptions').where('id', '=', target.id).execute();
      lastError = 'the browser unsubscribed';
    } else {
      lastError = result.error;
      await deps.db
        .updateTable('push_subscriptions')
        .set((eb) => ({ failure_count: eb('failure_count', '+', 1) }))
        .where('id', '=', target.id)
        .execute();
      deps.logger.warn({ userId, error: result.error }, 'push delivery failed');
    }
  }
  return delivered
    ? { ok: true }
    : { ok: false, retry: lastError !== 'the browser unsubscribed', error: lastError };
}
