import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PortfolioSummary } from '@/domain/portfolio/portfolio.schema';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../tests/support/test-app';
import type { Viewer } from './context';
import { MEMBER_WRITE, type ChangeListener } from './read-cache';
import { createViewerCache } from './viewer-cache';

/** A change feed the test fires by hand. */
function feed() {
  const listeners = new Set<ChangeListener>();
  return {
    onChange: (listener: ChangeListener) => (listeners.add(listener), () => listeners.delete(listener)),
    fire: (table: string | null = null, owner?: string) =>
      listeners.forEach((listener) => listener(table, owner)),
  };
}
const viewerUntil = (expiresAt: Date, userId = 'u1') =>
  ({ session: { expiresAt }, user: { id: userId } }) as unknown as Viewer;
const HOUR = 3_600_000;

describe('createViewerCache', () => {
  it('keeps a viewer until any change is announced', () => {
    const changes = feed();
    const cache = createViewerCache(changes, 60_000)!;
    const viewer = viewerUntil(new Date(Date.now() + HOUR));
    cache.keep('a=1', viewer, cache.generation());
    expect(cache.get('a=1')).toBe(viewer);
    expect(cache.get('a=2')).toBeUndefined();
    changes.fire();
    expect(cache.get('a=1')).toBeUndefined();
  });

  it("keeps viewers through changes that say nothing about sessions: a feed's inserts, a live event, a holding", () => {
    const changes = feed();
    const cache = createViewerCache(changes, 60_000)!;
    const viewer = viewerUntil(new Date(Date.now() + HOUR));
    cache.keep('a=1', viewer, cache.generation());
    for (const table of ['news_articles', 'crypto_metrics', 'app_events', 'portfolio_lots', 'visitor-write'])
      changes.fire(table);
    expect(cache.get('a=1')).toBe(viewer);
    changes.fire('user');
    expect(cache.get('a=1')).toBeUndefined();
  });

  it('forgets only the member whose session, account or profile changed, or who wrote', () => {
    const changes = feed();
    const cache = createViewerCache(changes, 60_000)!;
    const until = new Date(Date.now() + HOUR);
    const [mine, mineElsewhere, theirs] = [
      viewerUntil(until, 'me'),
      viewerUntil(until, 'me'),
      viewerUntil(until, 'them'),
    ];
    const keepAll = () => {
      cache.keep('me=1', mine, cache.generation());
      cache.keep('me=2', mineElsewhere, cache.generation());
      cache.keep('them=1', theirs, cache.generation());
    };
    for (const table of ['session', 'user', 'profiles', MEMBER_WRITE]) {
      keepAll();
      changes.fire(table, 'me');
      expect([cache.get('me=1'), cache.get('me=2'), cache.get('them=1')]).toEqual([
        undefined,
        undefined,
        theirs,
      ]);
    }
    // A change that names nobody (a TRUNCATE, a statement over many members) forgets everyone.
    keepAll();
    changes.fire('session');
    expect([cache.get('me=1'), cache.get('them=1')]).toEqual([undefined, undefined]);
    // A write under a cookie forgets that cookie's member (a sign-out through better-auth).
    keepAll();
    cache.forgetOwnerOf('me=2');
    expect([cache.get('me=1'), cache.get('me=2'), cache.get('them=1')]).toEqual([
      undefined,
      undefined,
      theirs,
    ]);
  });

  it('does not keep a read that overlapped a change, an expired session, or anything past its age', async () => {
    const changes = feed();
    const cache = createViewerCache(changes, 30)!;
    const startedIn = cache.generation();
    changes.fire();
    cache.keep('overlapped', viewerUntil(new Date(Date.now() + HOUR)), startedIn);
    expect(cache.get('overlapped')).toBeUndefined();
    // A read that overlapped its own member's change is not kept; one that overlapped another's is.
    const mineStarted = cache.generation();
    changes.fire('session', 'u1');
    cache.keep('mine', viewerUntil(new Date(Date.now() + HOUR), 'u1'), mineStarted);
    cache.keep('theirs', viewerUntil(new Date(Date.now() + HOUR), 'u2'), mineStarted);
    expect(cache.get('mine')).toBeUndefined();
    expect(cache.get('theirs')).toBeDefined();
    cache.keep('expired', viewerUntil(new Date(Date.now() - 1)), cache.generation());
    expect(cache.get('expired')).toBeUndefined();
    cache.keep('old', viewerUntil(new Date(Date.now() + HOUR)), cache.generation());
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(cache.get('old')).toBeUndefined();
  });

  it('is off with no age', () => {
    expect(createViewerCache(feed(), 0)).toBeNull();
  });
});

/** The app with its in-memory reads on, as `npm start` runs it (the other tests turn them off). */
describe('kept viewers and portfolio reads in the running app', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { READ_CACHE_SECONDS: '60' } });
  });
  afterAll(async () => app?.close());

  const rules = (cookie: string) => app.client(cookie).alerts.rules.$get();

  it('a signed-out session stops working on the next request', async () => {
    const member = await app.signedInUser({ plan: 'premium' });
    expect((await rules(member.cookie)).status).toBe(200);
    expect((await rules(member.cookie)).status).toBe(200);
    const out = await app.request('/api/auth/sign-out', { method: 'POST', cookie: member.cookie, json: {} });
    expect(out.status).toBe(200);
    expect((await rules(member.cookie)).status).toBe(401);
    expect((await (await app.client(member.cookie).session.$get()).json()).user).toBeNull();
  });

  it('a lost plan or a block applies on the member’s next request', async () => {
    const admin = await app.signedInUser({ role: 'admin' });
    const member = await app.signedInUser({ plan: 'premium' });
    const portfolio = () => app.client(member.cookie).portfolio.$get({ query: {} });
    expect((await portfolio()).status).toBe(200);
    const plan = await app.client(admin.cookie).admin.users[':userId'].$patch({
      param: { userId: member.userId },
      json: { subscriptionPlan: 'free' },
    });
    expect(plan.status).toBe(200);
    expect((await portfolio()).status).toBe(403);
    const blocked = await app.client(admin.cookie).admin.users[':userId'].$patch({
      param: { userId: member.userId },
      json: { blocked: true, reason: 'test' },
    });
    expect(blocked.status).toBe(200);
    // Blocking ends every session of the member: the kept one too.
    expect((await rules(member.cookie)).status).toBe(401);
  });

  it('a change another process makes is seen once its announcement arrives', async () => {
    const member = await app.signedInUser({ plan: 'premium' });
    expect((await rules(member.cookie)).status).toBe(200);
    // Written to the database directly, as another instance would: no request of this process.
    await app.handle.db
      .updateTable('profiles')
      .set({ subscription_plan: 'free' })
      .where('user_id', '=', member.userId)
      .execute();
    await expect
      .poll(async () => (await app.client(member.cookie).portfolio.$get({ query: {} })).status)
      .toBe(403);
  });

  it('a member’s portfolio follows their own writes at once, and others’ writes when announced', async () => {
    const member = await app.signedInUser({ plan: 'premium' });
    const api = app.client(member.cookie).portfolio;
    const total = async () => ((await (await api.$get({ query: {} })).json()) as PortfolioSummary).totalXrp;
    expect(await total()).toBe('0');
    expect(
      (await api.lots.$post({ json: { amountXrp: '100', acquiredOn: '', costUsdPerXrp: '', note: '' } }))
        .status,
    ).toBe(201);
    expect(await total()).toBe('100');
    expect((await (await api.lots.$get()).json()).lots).toHaveLength(1);
    await app.handle.db
      .updateTable('portfolio_lots')
      .set({ amount_drops: '250000000' })
      .where('user_id', '=', member.userId)
      .execute();
    await expect.poll(total).toBe('250');
    // Another member's answers are their own, whatever was kept.
    const other = await app.signedInUser({ plan: 'premium' });
    const theirs = await app.client(other.cookie).portfolio.$get({ query: {} });
    expect(((await theirs.json()) as PortfolioSummary).totalXrp).toBe('0');
  });

  it('another member’s sign-in, sign-out or plan leaves this member’s kept session alone', async () => {
    const member = await app.signedInUser({ plan: 'premium' });
    const other = await app.signedInUser({ plan: 'premium' });
    expect((await rules(member.cookie)).status).toBe(200);
    const reads = vi.spyOn(app.deps.auth.api, 'getSession');
    try {
      const again = await app.signIn(other.email, TEST_PASSWORD);
      await app.request('/api/auth/sign-out', { method: 'POST', cookie: again, json: {} });
      await app.handle.db
        .updateTable('profiles')
        .set({ subscription_plan: 'free' })
        .where('user_id', '=', other.userId)
        .execute();
      // The other member's change has reached this process: their kept session is gone…
      await expect
        .poll(async () => (await app.client(other.cookie).portfolio.$get({ query: {} })).status)
        .toBe(403);
      const before = reads.mock.calls.length;
      // …and this member's is still kept: no session read for their next requests.
      expect((await rules(member.cookie)).status).toBe(200);
      expect((await rules(member.cookie)).status).toBe(200);
      expect(reads.mock.calls.length).toBe(before);
    } finally {
      reads.mockRestore();
    }
  });

  it('announces whose session, account or profile a statement changed (migration 0025)', async () => {
    const heard: string[] = [];
    const stop = await app.handle.listen('app_events', (payload) => heard.push(payload));
    try {
      const member = await app.signedInUser({ plan: 'free' });
      await expect.poll(() => heard).toContain(`changed:session:${member.userId}`);
      await app.handle.db
        .updateTable('profiles')
        .set({ full_name: 'Renamed' })
        .where('user_id', '=', member.userId)
        .execute();
      await expect.poll(() => heard).toContain(`changed:profiles:${member.userId}`);
      // A statement over more members than it names announces the table alone: everyone forgets.
      const now = new Date();
      await app.handle.db
        .insertInto('user')
        .values(
          Array.from({ length: 21 }, (_, index) => ({
            id: `bulk-${index}`,
            name: `Bulk ${index}`,
            email: `bulk-${index}@example.com`,
            emailVerified: true,
            image: null,
            createdAt: now,
            updatedAt: now,
            role: 'user',
            banned: false,
            banReason: null,
            banExpires: null,
            twoFactorEnabled: false,
          })),
        )
        .execute();
      await expect.poll(() => heard).toContain('changed:user');
      expect(heard.filter((payload) => payload.startsWith('changed:user:bulk-'))).toEqual([]);
    } finally {
      await stop();
    }
  });
});
