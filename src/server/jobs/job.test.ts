import { sql } from 'kysely';
import type { TaskRunDto } from '@/domain/sync/sync.schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, taskContextOf, type TestApp } from '../../../tests/support/test-app';
import { billingTestRenewalsJob } from './billing-test-renewals.job';
import { pruneExpiredJob } from './prune-expired.job';
import { pruneHistoryJob } from './prune-history.job';
import type { JobContext, JobDefinition } from './job';
import { runDueJobs } from './runner';

let app: TestApp;
let context: JobContext;
beforeAll(async () => {
  app = await createTestApp();
  context = taskContextOf(app);
});
afterAll(async () => app?.close());

const runOf = (name: string) =>
  app.handle.db.selectFrom('job_runs').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

describe('background tasks', () => {
  it('run when due, once between processes, and record what they did, how long and when next', async () => {
    let runs = 0;
    const task: JobDefinition = {
      name: 'count',
      description: 'Counts',
      everySeconds: 3600,
      run: async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return `run ${runs}`;
      },
    };
    // Two schedulers at once (two processes): the lease lets one of them run it.
    await Promise.all([runDueJobs(context, [task]), runDueJobs(context, [task])]);
    expect(runs).toBe(1);
    const row = await runOf('count');
    expect(row).toMatchObject({
      last_status: 'success',
      last_details: 'run 1',
      last_error: null,
      lease_owner: null,
    });
    expect(row.last_duration_ms).toBeGreaterThanOrEqual(15);
    expect(row.next_run_at.getTime() - Date.now()).toBeGreaterThan(3500_000);
    // Not due again for an hour.
    await runDueJobs(context, [task]);
    expect(runs).toBe(1);
  });

  it('record a failure with its message, and try again at the next time', async () => {
    const failing: JobDefinition = {
      name: 'failing',
      description: 'Fails',
      everySeconds: 60,
      run: async () => {
        throw new Error('disk full');
      },
    };
    await runDueJobs(context, [failing]);
    expect(await runOf('failing')).toMatchObject({
      last_status: 'error',
      last_error: 'disk full',
      lease_owner: null,
    });
  });

  it('prune what has expired and keep what has not', async () => {
    const db = app.handle.db;
    const past = new Date(Date.now() - 3600_000);
    const future = new Date(Date.now() + 3600_000);
    await db
      .insertInto('rate_limits')
      .values([
        { key: 'old', count: 3, reset_at: past },
        { key: 'live', count: 1, reset_at: future },
      ])
      .execute();
    const user = await app.signedInUser();
    const sessions = () => db.selectFrom('session').select('id').where('userId', '=', user.userId).execute();
    const live = (await sessions()).length;
    await db
      .insertInto('session')
      .values({
        id: 'expired-session',
        token: 'expired-token',
        userId: user.userId,
        expiresAt: past,
        createdAt: past,
        updatedAt: past,
      })
      .execute();
    await sql`INSERT INTO "verification" (id, identifier, value, "expiresAt") VALUES
      ('v-old', 'reset', 'x', ${past}), ('v-live', 'reset', 'y', ${future})`.execute(db);
    await db
      .insertInto('used_totp_codes')
      .values([
        { user_id: user.userId, code: '111111', used_at: new Date(Date.now() - 3600_000) },
        { user_id: user.userId, code: '222222', used_at: new Date() },
      ])
      .execute();

    const day = 86_400_000;
    const emailChange = (id: string, cancelBy: Date) => ({
      user_id: user.userId,
      old_email: 'old@example.com',
      new_email: `${id}@example.com`,
      confirm_token_hash: `confirm-${id}`,
      cancel_token_hash: `cancel-${id}`,
      confirm_by: new Date(cancelBy.getTime() - 7 * day),
      cancel_by: cancelBy,
    });
    await db
      .insertInto('email_changes')
      .values([emailChange('spent', past), emailChange('undoable', future)])
      .execute();
    const checkout = (id: string, expiresAt: Date) => ({
      id,
      user_id: user.userId,
      status: 'expired' as const,
      expires_at: expiresAt,
    });
    await db
      .insertInto('billing_test_checkout_sessions')
      .values([checkout('cs_old', new Date(Date.now() - 2 * day)), checkout('cs_recent', past)])
      .execute();

    const details = await pruneExpiredJob.run(context);
    expect(details).toMatch(/^1 rate-limit windows, 1 sessions, 1 verification tokens, 1 used 2FA codes/);
    expect(details).toMatch(/, 1 email changes, 1 test checkout sessions$/);
    expect(
      (await db.selectFrom('email_changes').select('new_email').execute()).map((row) => row.new_email),
    ).toEqual(['undoable@example.com']);
    expect(
      (await db.selectFrom('billing_test_checkout_sessions').select('id').execute()).map((row) => row.id),
    ).toEqual(['cs_recent']);
    expect((await db.selectFrom('rate_limits').select('key').execute()).map((row) => row.key)).toContain(
      'live',
    );
    expect(await db.selectFrom('rate_limits').select('key').where('key', '=', 'old').execute()).toEqual([]);
    expect((await sessions()).length).toBe(live);
    const tokens = await sql<{ id: string }>`SELECT id FROM "verification" WHERE id LIKE 'v-%'`.execute(db);
    expect(tokens.rows.map((row) => row.id)).toEqual(['v-live']);
    expect((await db.selectFrom('used_totp_codes').select('code').execute()).map((row) => row.code)).toEqual([
      '222222',
    ]);
  });

  it('let sync logs go after 90 days, never one still running', async () => {
    const db = app.handle.db;
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const { name } = await db.selectFrom('api_sources').select('name').executeTakeFirstOrThrow();
    await db.deleteFrom('api_sync_logs').execute();
    await db
      .insertInto('api_sync_logs')
      .values([
        { api_source: name, sync_type: 'scheduled', status: 'success', started_at: daysAgo(91) },
        { api_source: name, sync_type: 'scheduled', status: 'error', started_at: daysAgo(89) },
        { api_source: name, sync_type: 'scheduled', status: 'in_progress', started_at: daysAgo(120) },
      ])
      .execute();
    expect(await pruneHistoryJob.run(context)).toMatch(/^1 sync logs/);
    const left = await db.selectFrom('api_sync_logs').select('status').orderBy('started_at').execute();
    expect(left.map((row) => row.status)).toEqual(['in_progress', 'error']);
  });

  it('renew test-mode subscriptions through the billing the app runs, and say when Stripe does it', async () => {
    const billing = app.billing.test;
    if (!billing) throw new Error('the tests run billing in test mode');
    expect(await billingTestRenewalsJob.run({ ...context, billing })).toBe(
      '0 test-mode subscriptions renewed or ended',
    );
    expect(await billingTestRenewalsJob.run(context)).toBe('Test mode is off: Stripe renews subscriptions');
  });

  it('the alerts task runs as soon as data is stored, not at its next tick', async () => {
    const { startScheduler } = await import('./scheduler');
    const { db } = app.handle;
    await db.insertInto('crypto_metrics').values({ symbol: 'XRP', price: '0.5' }).execute();
    const member = await app.signedInUser();
    const rule = await app.client(member.cookie).alerts.rules.$post({ json: { kind: 'price', target: 0.6 } });
    expect(rule.status).toBe(201);
    // A tick an hour away: only the queue's notification can run the task in time.
    const scheduler = await startScheduler({ ...context, listen: app.handle.listen }, 3600, { syncs: false });
    try {
      await scheduler.tick();
      await db.insertInto('crypto_metrics').values({ symbol: 'XRP', price: '0.61' }).execute();
      await vi.waitFor(
        async () => {
          const notes = await db
            .selectFrom('notifications')
            .select('title')
            .where('user_id', '=', member.userId)
            .execute();
          expect(notes.map((note) => note.title)).toEqual(['XRP rose above $0.60']);
        },
        { timeout: 5000, interval: 50 },
      );
    } finally {
      await scheduler.stop();
    }
    expect((await runOf('alerts')).last_details).toMatch(/^1 notifications, /);
  });

  it('the stream watchdog says which ledger came last, and fails when none came for a minute', async () => {
    const { xrplStreamJob } = await import('./xrpl-stream.job');
    const { holdStreamLease, recordStreamLedger } = await import('../features/whales');
    const { db } = app.handle;
    await expect(xrplStreamJob.run(context)).rejects.toThrow(
      'XRP Ledger stream down: no ledger processed yet; no process holds the stream.',
    );
    await holdStreamLease(db, 'web-1', 60);
    await recordStreamLedger(db, 91_000_123);
    await expect(xrplStreamJob.run(context)).resolves.toMatch(
      /^Live: ledger 91000123 processed \d+ s ago by process web-1$/,
    );
    await sql`UPDATE sync_state SET updated_at = now() - interval '5 minutes' WHERE key = 'xrpl_stream_ledger'`.execute(
      db,
    );
    await expect(xrplStreamJob.run(context)).rejects.toThrow(
      /no ledger since 91000123 at .*; process web-1 holds the stream but is not receiving ledgers/,
    );
  });

  it('a source job syncs the due sources of its type and records how each went', async () => {
    const { fearGreedJob } = await import('./fear-greed.job');
    const { db } = app.handle;
    // Fear & Greed at a closed port: the sync fails, its last good data stays.
    const closed = { ...context, env: { ...context.env, FEAR_GREED_API_BASE: 'http://127.0.0.1:9' } };
    await db
      .updateTable('api_sources')
      .set({ next_sync_at: null })
      .where('api_type', '=', 'fear_greed')
      .execute();
    await expect(fearGreedJob.run(closed)).rejects.toThrow(/: error$/);
    const source = await db
      .selectFrom('api_sources')
      .select(['error_count', 'next_sync_at'])
      .where('api_type', '=', 'fear_greed')
      .executeTakeFirstOrThrow();
    expect(source.error_count).toBeGreaterThan(0);
    // Not due again until its frequency has passed.
    expect(await fearGreedJob.run(closed)).toBe('No source due');
  });

  it('are listed for the admin with their last run', async () => {
    const admin = await app.signedInUser({ role: 'admin' });
    const response = await app.client(admin.cookie).admin.jobs.$get();
    expect(response.status).toBe(200);
    const list = (await response.json()) as TaskRunDto[];
    expect(list.map((task) => task.name)).toEqual([
      'market-metrics',
      'fear-greed',
      'xrpl-whales',
      'xrpl-backfill',
      'xrpl-reserves',
      'xrpl-supply',
      'xrpscan-names',
      'news',
      'xrpl-stream',
      'sync-recovery',
      'alerts',
      'flow-alerts',
      'weekly-summary',
      'newsletter',
      'billing-test-renewals',
      'prune-expired',
      'prune-history',
      'portfolio-accounts',
    ]);
    // 'tick' tasks show the scheduler's interval.
    expect(list[0]).toMatchObject({ everySeconds: app.env.SYNC_TICK_SECONDS });
    const member = await app.signedInUser();
    expect((await app.client(member.cookie).admin.jobs.$get()).status).toBe(403);
  });
});
