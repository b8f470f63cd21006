import dns from 'node:dns';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { browserKeys, startPushService } from '../../../../tests/support/push-service';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { createLogger } from '../../lib/logger';
import { deliverDue, type DeliveryDeps } from '../../shared/notifications/deliveries';
import { assertPushEndpoint, createPushSender, type PushSender } from '../../lib/web-push';

let push: Awaited<ReturnType<typeof startPushService>>;
let app: TestApp;

beforeAll(async () => {
  push = await startPushService();
  app = await createTestApp({ env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });
});
afterAll(async () => {
  await app?.close();
  await push?.close();
});

/** A Premium member who asked for price alerts by push. */
async function pushMember() {
  const member = await app.signedInUser({ plan: 'premium' });
  for (const field of ['notificationPushEnabled', 'notificationPushPriceAlerts']) {
    const saved = await app.client(member.cookie).preferences.$patch({ json: { [field]: true } });
    expect(saved.status).toBe(200);
  }
  return member;
}

const subscribe = (cookie: string, endpoint: string, keys: { p256dh: string; auth: string }) =>
  app.client(cookie).push.subscriptions.$post({
    json: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } },
  });
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { message: string } }).error.message;

/** An alert due for push to `userId` now, delivered by `sender` (the app's own by default). */
async function deliverAlert(userId: string, title: string, sender: PushSender = app.deps.alerts.push) {
  const notification = await app.handle.db
    .insertInto('notifications')
    .values({ user_id: userId, type: 'price', source_key: `push-test:${title}`, title, body: title })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.handle.db
    .insertInto('notification_deliveries')
    .values({ notification_id: notification.id, user_id: userId, channel: 'push', due_at: new Date() })
    .execute();
  const deps: DeliveryDeps = {
    db: app.handle.db,
    logger: createLogger('silent'),
    mailer: app.deps.mailer,
    push: sender,
    publicUrl: app.env.PUBLIC_URL,
    secret: app.deps.alerts.unsubscribeSecret,
  };
  await deliverDue(deps);
  return app.handle.db
    .selectFrom('notification_deliveries')
    .select(['status', 'error'])
    .where('notification_id', '=', notification.id)
    .executeTakeFirstOrThrow();
}

/** What production runs with: no test allow-list, every public host reachable. */
const productionEnv = () => ({ ...app.env, OUTBOUND_ALLOW_HOSTS: [], OUTBOUND_ONLY_ALLOWED: false });

/** DNS that answers `address` for every name: public at subscribe time, then whatever the test needs. */
function fakeDns(answers: { subscribe: string; connect: string }) {
  const promises = vi
    .spyOn(dns.promises, 'lookup')
    .mockImplementation((async () => [{ address: answers.subscribe, family: 4 }]) as never);
  const callback = vi.spyOn(dns, 'lookup').mockImplementation(((
    _host: string,
    options: unknown,
    done?: (...args: unknown[]) => void,
  ) => {
    const reply = (typeof options === 'function' ? options : done) as (...args: unknown[]) => void;
    const all = typeof options === 'object' && (options as { all?: boolean }).all;
    if (all) reply(null, [{ address: answers.connect, family: 4 }]);
    else reply(null, answers.connect, 4);
  }) as never);
  return () => {
    promises.mockRestore();
    callback.mockRestore();
  };
}

describe('push subscriptions', () => {
  it('belong to one member: another member cannot take an endpoint over, and the first still receives', async () => {
    const first = await pushMember();
    const second = await app.signedInUser({ plan: 'premium' });
    const firstKeys = browserKeys();
    const endpoint = `${push.url}/browser-${first.userId}`;
    expect((await subscribe(first.cookie, endpoint, firstKeys)).status).toBe(201);

    const takeover = await subscribe(second.cookie, endpoint, browserKeys());
    expect(takeover.status).toBe(409);
    expect(await errorOf(takeover)).toMatch(/already subscribed .* another account/);
    // Nor written another way: the same endpoint in other spellings is still the first member's.
    const url = new URL(endpoint);
    const path = `/browser-${first.userId}`;
    for (const spelling of [
      `${endpoint}?`,
      `${url.protocol.toUpperCase()}//${url.host}${path}`,
      `${url.origin}/.${path}`,
      `${url.origin}/${path}`,
      `${url.origin}/%62rowser-${first.userId}`,
      `${url.origin}/browser%2D${first.userId}`,
    ])
      expect((await subscribe(second.cookie, spelling, browserKeys())).status, spelling).toBe(409);
    expect((await subscribe(second.cookie, `${endpoint}#x`, browserKeys())).status).toBe(422);

    const rows = await app.handle.db
      .selectFrom('push_subscriptions')
      .select(['user_id', 'p256dh'])
      .where('endpoint', '=', endpoint)
      .execute();
    expect(rows).toEqual([{ user_id: first.userId, p256dh: firstKeys.p256dh }]);
    expect(await (await app.client(second.cookie).push.config.$get()).json()).toMatchObject({
      subscriptions: 0,
    });

    expect(await deliverAlert(first.userId, 'XRP rose above $0.70')).toMatchObject({ status: 'sent' });
    const received = push.requests.filter((request) => request.path === `/browser-${first.userId}`);
    expect(received).toHaveLength(1);
    expect(JSON.parse(firstKeys.decrypt(received[0]!.body))).toMatchObject({ title: 'XRP rose above $0.70' });
  });

  it('lets the same member subscribe again with new keys', async () => {
    const member = await app.signedInUser({ plan: 'premium' });
    const endpoint = `${push.url}/again-${member.userId}`;
    expect((await subscribe(member.cookie, endpoint, browserKeys())).status).toBe(201);
    const fresh = browserKeys();
    expect((await subscribe(member.cookie, endpoint, fresh)).status).toBe(201);
    const row = await app.handle.db
      .selectFrom('push_subscriptions')
      .select('p256dh')
      .where('endpoint', '=', endpoint)
      .executeTakeFirstOrThrow();
    expect(row.p256dh).toBe(fresh.p256dh);
  });

  it('accept only the browsers’ push services', async () => {
    const member = await app.signedInUser({ plan: 'premium' });
    const refused = await subscribe(member.cookie, 'https://push.example.com/wpush/abc', browserKeys());
    expect(refused.status).toBe(422);
    expect(await errorOf(refused)).toBe('This push service is not supported');

    // With production settings and a public DNS answer, only the known services pass.
    const restore = fakeDns({ subscribe: '93.184.215.14', connect: '93.184.215.14' });
    try {
      for (const endpoint of [
        'https://updates.push.services.mozilla.com/wpush/v2/abc',
        'https://fcm.googleapis.com/fcm/send/abc',
        'https://android.googleapis.com/gcm/send/abc',
        'https://web.push.apple.com/QGq',
        'https://wns2-by3p.notify.windows.com/w/?token=abc',
      ])
        await expect(assertPushEndpoint(endpoint, productionEnv())).resolves.toBeUndefined();
      for (const endpoint of [
        'https://push.example.com/wpush/abc',
        'https://evil.com/fcm.googleapis.com/',
        'https://fcm.googleapis.com.evil.com/x',
        'https://notify.windows.com.example.org/x',
        'https://fcm.googleapis.com:8444/fcm/send/abc',
      ])
        await expect(assertPushEndpoint(endpoint, productionEnv())).rejects.toThrow(
          'This push service is not supported',
        );
      await expect(
        assertPushEndpoint('http://fcm.googleapis.com/fcm/send/abc', productionEnv()),
      ).rejects.toThrow('The push endpoint must use https');

      // A host the operator allows for outbound calls is no exception: https on the default port,
      // unless it is this machine's own loopback (the local push service of tests).
      const allowing = { ...productionEnv(), OUTBOUND_ALLOW_HOSTS: ['push.internal.example', '127.0.0.1'] };
      await expect(assertPushEndpoint('http://push.internal.example/wpush/abc', allowing)).rejects.toThrow(
        'The push endpoint must use https',
      );
      await expect(
        assertPushEndpoint('https://push.internal.example:8080/wpush/abc', allowing),
      ).rejects.toThrow('This push service is not supported');
      await expect(
        assertPushEndpoint('https://push.internal.example/wpush/abc', allowing),
      ).resolves.toBeUndefined();
      await expect(assertPushEndpoint('http://127.0.0.1:8080/wpush/abc', allowing)).resolves.toBeUndefined();
    } finally {
      restore();
    }
  });

  it('are delivered through the SSRF guard: a push service whose name now resolves inside is not contacted', async () => {
    // What the rebinding would reach: a listener on a private address, counting connections.
    let connections = 0;
    const inside = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
    const port = (inside.address() as AddressInfo).port;
    const member = await pushMember();
    const keys = browserKeys();
    // Saved while the name resolved to a public address.
    await app.handle.db
      .insertInto('push_subscriptions')
      .values({
        user_id: member.userId,
        endpoint: `https://updates.push.services.mozilla.com:${port}/wpush/v2/${member.userId}`,
        p256dh: keys.p256dh,
        auth: keys.auth,
      })
      .execute();
    const restore = fakeDns({ subscribe: '93.184.215.14', connect: '127.0.0.1' });
    try {
      const delivery = await deliverAlert(member.userId, 'Whale moved', createPushSender(productionEnv()));
      expect(delivery.status).not.toBe('sent');
      expect(delivery.error).toMatch(/not a public address/);
    } finally {
      restore();
      await new Promise((resolve) => inside.close(resolve));
    }
    expect(connections).toBe(0);
  });

  it('are not delivered to a saved row that points at a metadata address', async () => {
    const member = await pushMember();
    const keys = browserKeys();
    await app.handle.db
      .insertInto('push_subscriptions')
      .values({
        user_id: member.userId,
        endpoint: 'http://169.254.169.254/latest/meta-data/',
        p256dh: keys.p256dh,
        auth: keys.auth,
      })
      .execute();
    const delivery = await deliverAlert(member.userId, 'Metadata', createPushSender(productionEnv()));
    expect(delivery.status).not.toBe('sent');
    expect(delivery.error).toBe('This push service is not supported');
  });
});
