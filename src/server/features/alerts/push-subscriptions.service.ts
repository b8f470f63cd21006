import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import { assertPushEndpoint, canonicalPushEndpoint } from '../../lib/web-push';

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Saves a browser's push subscription for one member. An endpoint is that browser's private address
 * at its push service: once a member holds it, nobody else can take it over (409) — the same member
 * re-subscribing (new keys after a reinstall) only refreshes the keys.
 */
export async function savePushSubscription({
  db,
  env,
  userId,
  input,
  userAgent,
}: {
  db: Db;
  env: Pick<Env, 'OUTBOUND_ALLOW_HOSTS' | 'OUTBOUND_ONLY_ALLOWED'>;
  userId: string;
  input: PushSubscriptionInput;
  userAgent: string | null;
}): Promise<void> {
  let endpoint: string;
  try {
    endpoint = canonicalPushEndpoint(input.endpoint);
    await assertPushEndpoint(endpoint, env);
  } catch (error) {
    throw new AppError('validation_error', (error as Error).message);
  }
  // One statement, so two members racing for an endpoint cannot both win.
  const saved = await db
    .insertInto('push_subscriptions')
    .values({
      user_id: userId,
      endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      user_agent: userAgent,
    })
    .onConflict((conflict) =>
      conflict
        .column('endpoint')
        .doUpdateSet({ p256dh: input.keys.p256dh, auth: input.keys.auth, failure_count: 0 })
        .where('push_subscriptions.user_id', '=', userId),
    )
    .returning('id')
    .executeTakeFirst();
  if (!saved)
    throw new AppError(
      'conflict',
      'This browser is already subscribed to push notifications for another account. Sign in to that account to unsubscribe it first.',
    );
}

/** How many browsers the member receives push notifications in. */
export async function countPushSubscriptions(db: Db, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Stops push to one of the member's browsers (an endpoint written any way it can be). */
export async function removePushSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  let canonical = endpoint;
  try {
    canonical = canonicalPushEndpoint(endpoint);
  } catch {
    // Not a URL: nothing of this member's can match it but the same text.
  }
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', 'in', [...new Set([endpoint, canonical])])
    .execute();
}
