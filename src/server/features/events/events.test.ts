import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { openSse, type SseClient } from '../../../../tests/support/sse-client';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

let app: TestApp;
let server: Server;
let base: string;

beforeAll(async () => {
  app = await createTestApp({ env: { SSE_HEARTBEAT_SECONDS: '0.2' } });
  server = serve({ fetch: app.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await app?.close();
});

const insertMetrics = (price: string) =>
  app.handle.db.insertInto('crypto_metrics').values({ symbol: 'XRP', price }).execute();
const insertWhale = (hash: string) =>
  app.handle.db
    .insertInto('whale_transactions')
    .values({
      transaction_hash: hash,
      amount_xrp: '2500000',
      transaction_timestamp: new Date(),
      from_address: 'rA',
      to_address: 'rB',
    })
    .execute();

describe('GET /api/events', () => {
  it('pushes a new metrics row to a visitor', async () => {
    const client = await openSse(`${base}/api/events`);
    expect(client.status).toBe(200);
    await client.waitFor('ready');
    await insertMetrics('2.3456');
    const message = await client.waitFor('metrics', (m) => JSON.parse(m.data).price === '2.3456');
    expect(message.id).toMatch(/^\d+$/);
    client.close();
  });

  it('sends whale moves only to premium members and sync changes only to admins', async () => {
    const visitor = await openSse(`${base}/api/events`);
    const premium = await openSse(`${base}/api/events`, {
      cookie: (await app.signedInUser({ plan: 'premium' })).cookie,
    });
    const admin = await openSse(`${base}/api/events`, {
      cookie: (await app.signedInUser({ role: 'admin' })).cookie,
    });
    await Promise.all([visitor, premium, admin].map((client) => client.waitFor('ready')));

    await insertWhale('WHALE1');
    await app.handle.db
      .insertInto('api_sync_logs')
      .values({ api_source: 'News Feeds', sync_type: 'manual', status: 'in_progress' })
      .execute();
    await insertMetrics('2.5');

    await premium.waitFor('whale', (m) => JSON.parse(m.data).transactionHash === 'WHALE1');
    await admin.waitFor('sync_log', (m) => JSON.parse(m.data).apiSource === 'News Feeds');
    await visitor.waitFor('metrics', (m) => JSON.parse(m.data).price === '2.5');
    expect(visitor.messages.map((m) => m.event)).not.toContain('whale');
    expect(visitor.messages.map((m) => m.event)).not.toContain('sync_log');
    expect(premium.messages.map((m) => m.event)).not.toContain('sync_log');
    expect(admin.messages.map((m) => m.event)).not.toContain('whale');
    for (const client of [visitor, premium, admin]) client.close();
  });

  it('never sends a whale move to a free member', async () => {
    const free = await openSse(`${base}/api/events`, { cookie: (await app.signedInUser()).cookie });
    await free.waitFor('ready');
    await insertWhale('WHALE-FREE');
    await insertMetrics('2.55');
    await free.waitFor('metrics', (m) => JSON.parse(m.data).price === '2.55');
    expect(free.messages.map((m) => m.event)).not.toContain('whale');
    free.close();
  });

  describe('on a stream opened while Premium', () => {
    let bystander: SseClient;
    beforeAll(async () => {
      bystander = await openSse(`${base}/api/events`, {
        cookie: (await app.signedInUser({ plan: 'premium' })).cookie,
      });
      await bystander.waitFor('ready');
    });
    afterAll(() => bystander.close());

    const openPremium = async () => {
      const member = await app.signedInUser({ plan: 'premium' });
      const client = await openSse(`${base}/api/events`, { cookie: member.cookie });
      await client.waitFor('ready');
      await insertWhale(`BEFORE-${member.userId}`);
      await client.waitFor('whale', (m) => JSON.parse(m.data).transactionHash === `BEFORE-${member.userId}`);
      return { ...member, client };
    };
    /** A premium stream read as raw text, to see the server end it (openSse does not tell). */
    const openPremiumRaw = async () => {
      const member = await app.signedInUser({ plan: 'premium' });
      const controller = new AbortController();
      const response = await fetch(`${base}/api/events`, {
        headers: { accept: 'text/event-stream', cookie: member.cookie },
        signal: controller.signal,
      });
      let text = '';
      const ended = (async () => {
        const decoder = new TextDecoder();
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
          text += decoder.decode(chunk, { stream: true });
      })();
      onTestFinished(() => controller.abort());
      const hash = `BEFORE-${member.userId}`;
      await insertWhale(hash);
      await expect.poll(() => text).toContain(hash);
      const outcome = () =>
        Promise.race([
          ended.then(() => 'ended'),
          new Promise((resolve) => setTimeout(() => resolve('still open'), 3000)),
        ]);
      return { ...member, stream: { outcome, text: () => text } };
    };
    /** A whale move then a metrics row; once a Premium bystander has both, every stream had its chance. */
    const publishWhaleAndPrice = async (hash: string, price: string) => {
      await insertWhale(hash);
      await insertMetrics(price);
      await bystander.waitFor('whale', (m) => JSON.parse(m.data).transactionHash === hash);
      await bystander.waitFor('metrics', (m) => JSON.parse(m.data).price === price);
    };
    const whalesOf = (client: SseClient) =>
      client.messages.filter((m) => m.event === 'whale').map((m) => JSON.parse(m.data).transactionHash);

    it('stops whale moves once the member is downgraded to free, and keeps the public feed', async () => {
      const { userId, client } = await openPremium();
      await app.handle.db
        .updateTable('profiles')
        .set({ subscription_plan: 'free' })
        .where('user_id', '=', userId)
        .execute();
      await publishWhaleAndPrice('AFTER-DOWNGRADE', '4.01');
      await client.waitFor('metrics', (m) => JSON.parse(m.data).price === '4.01');
      expect(whalesOf(client)).not.toContain('AFTER-DOWNGRADE');
      client.close();
    });

    it('ends the stream once the member signs out in another tab', async () => {
      const { cookie, stream } = await openPremiumRaw();
      const signOut = await app.request('/api/auth/sign-out', { method: 'POST', cookie, json: {} });
      expect(signOut.status).toBe(200);
      await publishWhaleAndPrice('AFTER-SIGN-OUT', '4.02');
      expect(await stream.outcome()).toBe('ended');
      expect(stream.text()).not.toContain('AFTER-SIGN-OUT');
    });

    it('ends the stream once an admin blocks the member', async () => {
      const { userId, stream } = await openPremiumRaw();
      const admin = await app.signedInUser({ role: 'admin' });
      const blocked = await app
        .client(admin.cookie)
        .admin.users[':userId'].$patch({ param: { userId }, json: { blocked: true, reason: 'Abuse' } });
      expect(blocked.status).toBe(200);
      await publishWhaleAndPrice('AFTER-ADMIN-BLOCK', '4.03');
      expect(await stream.outcome()).toBe('ended');
      expect(stream.text()).not.toContain('AFTER-ADMIN-BLOCK');
    });

    it('ends the stream when the profile is blocked even before its sessions are removed', async () => {
      const { userId, stream } = await openPremiumRaw();
      await app.handle.db
        .updateTable('profiles')
        .set({ blocked: true })
        .where('user_id', '=', userId)
        .execute();
      await publishWhaleAndPrice('AFTER-BLOCK', '4.04');
      expect(await stream.outcome()).toBe('ended');
      expect(stream.text()).not.toContain('AFTER-BLOCK');
    });

    it('keeps serving a member who stays Premium', async () => {
      const { client } = await openPremium();
      await publishWhaleAndPrice('STILL-PREMIUM', '4.05');
      await client.waitFor('whale', (m) => JSON.parse(m.data).transactionHash === 'STILL-PREMIUM');
      client.close();
    });
  });

  it("sends a user's notification to that user's streams only", async () => {
    const owner = await app.signedInUser();
    const other = await app.signedInUser();
    const mine = await openSse(`${base}/api/events`, { cookie: owner.cookie });
    const theirs = await openSse(`${base}/api/events`, { cookie: other.cookie });
    await Promise.all([mine.waitFor('ready'), theirs.waitFor('ready')]);
    await app.handle.db
      .insertInto('notifications')
      .values({
        user_id: owner.userId,
        type: 'price',
        source_key: 'test:1',
        title: 'XRP rose above $0.70',
        body: 'b',
      })
      .execute();
    await insertMetrics('2.75');
    await mine.waitFor('notification', (m) => JSON.parse(m.data).title === 'XRP rose above $0.70');
    // The metrics row came after the notification: once the other stream has it, it had its chance.
    await theirs.waitFor('metrics', (m) => JSON.parse(m.data).price === '2.75');
    expect(theirs.messages.map((m) => m.event)).not.toContain('notification');
    mine.close();
    theirs.close();
  });

  it("tells a member's streams only when one of their watched accounts was read again", async () => {
    const owner = await app.signedInUser({ plan: 'premium' });
    const other = await app.signedInUser({ plan: 'premium' });
    const { id } = await app.handle.db
      .insertInto('watched_accounts')
      .values({ user_id: owner.userId, address: 'rJj93v2nvi2kFCYNKUDBmFpM2AVQpkByNP', label: 'Cold' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mine = await openSse(`${base}/api/events`, { cookie: owner.cookie });
    const theirs = await openSse(`${base}/api/events`, { cookie: other.cookie });
    await Promise.all([mine.waitFor('ready'), theirs.waitFor('ready')]);
    await app.handle.db
      .updateTable('watched_accounts')
      .set({ refreshed_at: new Date(), balance_drops: '25000000' })
      .where('id', '=', id)
      .execute();
    await insertMetrics('2.76');
    expect(JSON.parse((await mine.waitFor('portfolio')).data)).toEqual({ accountId: id });
    await theirs.waitFor('metrics', (m) => JSON.parse(m.data).price === '2.76');
    expect(theirs.messages.map((m) => m.event)).not.toContain('portfolio');
    mine.close();
    theirs.close();
  });

  it('sends a heartbeat so idle streams stay open through proxies', async () => {
    const client = await openSse(`${base}/api/events`);
    await client.waitFor('ping');
    client.close();
  });

  it('resumes after Last-Event-ID with what was missed', async () => {
    const first = await openSse(`${base}/api/events`);
    await first.waitFor('ready');
    await insertMetrics('3.1');
    const seen = await first.waitFor('metrics', (m) => JSON.parse(m.data).price === '3.1');
    first.close();
    await insertMetrics('3.2');
    const again = await openSse(`${base}/api/events`, { 'last-event-id': seen.id ?? '' });
    const missed = await again.waitFor('metrics', (m) => JSON.parse(m.data).price === '3.2');
    expect(Number(missed.id)).toBeGreaterThan(Number(seen.id));
    expect(
      again.messages.filter((m) => m.event === 'metrics').map((m) => JSON.parse(m.data).price),
    ).not.toContain('3.1');
    again.close();
  });

  it('caps the streams one client may hold, and frees a slot on disconnect', async () => {
    const { cookie } = await app.signedInUser();
    const clients = [];
    for (let index = 0; index < app.env.SSE_MAX_STREAMS_PER_CLIENT; index += 1) {
      const client = await openSse(`${base}/api/events`, { cookie });
      await client.waitFor('ready');
      clients.push(client);
    }
    const refused = await openSse(`${base}/api/events`, { cookie });
    expect(refused.status).toBe(429);
    const connected = app.deps.events.connections;
    clients.pop()?.close();
    await expect.poll(() => app.deps.events.connections).toBe(connected - 1);
    const replacement = await openSse(`${base}/api/events`, { cookie });
    expect(replacement.status).toBe(200);
    replacement.close();
    for (const client of clients) client.close();
  });
});
