import { sql } from 'kysely';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startFixtureServer, type FixtureServer } from '../../../tests/support/fixture-server';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { fixture } from '../../../tests/support/upstream-fixtures';
import { runCommand } from './commands';

let app: TestApp;
let upstream: FixtureServer;
beforeAll(async () => {
  upstream = await startFixtureServer();
  upstream.route('/fg/fng/', json(fixture('fear-greed/fng-limit-3.json')));
  app = await createTestApp({
    env: { FEAR_GREED_API_BASE: `${upstream.url}/fg`, OUTBOUND_ALLOW_HOSTS: '127.0.0.1' },
  });
});
afterAll(async () => {
  await app?.close();
  await upstream?.close();
});

const run = (name: string, args: Record<string, unknown> = {}) => runCommand(app.deps, { name, args });

async function signIn(email: string, password: string) {
  return app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

/** Rows per table of the public schema. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(app.handle.db);
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const result = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(name)}`.execute(
      app.handle.db,
    );
    counts[name] = result.rows[0]?.n ?? -1;
  }
  return counts;
}

describe('CLI commands', () => {
  it('user:create makes a verified user who can sign in with that role and plan', async () => {
    const output = await run('user:create', {
      email: 'Ops@Example.com',
      password: 'Operator-Pass1',
      name: 'Ops',
      role: 'admin',
      plan: 'complimentary',
    });
    expect(output).toMatch(/^Created ops@example.com \(id .+, role admin, plan complimentary\)$/);
    const response = await signIn('ops@example.com', 'Operator-Pass1');
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const state = await (await app.client(cookie).session.$get()).json();
    expect(state).toMatchObject({
      isAdmin: true,
      isPremium: true,
      user: { emailVerified: true },
      profile: { fullName: 'Ops', subscriptionPlan: 'complimentary' },
    });
  });

  it('user:create refuses a weak password with the sign-up message and creates nothing', async () => {
    await expect(run('user:create', { email: 'weak@example.com', password: 'password1' })).rejects.toThrow(
      'Password must contain at least one uppercase letter',
    );
    const row = await app.handle.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'weak@example.com')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('user:create refuses a duplicate email and a bad role', async () => {
    await run('user:create', { email: 'dup@example.com', password: 'Duplicate-1' });
    await expect(run('user:create', { email: 'dup@example.com', password: 'Duplicate-1' })).rejects.toThrow(
      'A user with email dup@example.com already exists',
    );
    await expect(
      run('user:create', { email: 'r@example.com', password: 'Duplicate-1', role: 'root' }),
    ).rejects.toThrow(/--role: .*\nUsage: user:create/);
  });

  it('user:role and user:plan change an existing user and name a missing one', async () => {
    await run('user:create', { email: 'change@example.com', password: 'Change-Me-1' });
    expect(await run('user:role', { email: 'change@example.com', role: 'admin' })).toBe(
      'change@example.com now has role admin',
    );
    expect(await run('user:plan', { email: 'change@example.com', plan: 'premium' })).toBe(
      'change@example.com now has plan premium',
    );
    const profile = await app.handle.db
      .selectFrom('profiles')
      .innerJoin('user', 'user.id', 'profiles.user_id')
      .select(['profiles.subscription_plan', 'user.role'])
      .where('user.email', '=', 'change@example.com')
      .executeTakeFirstOrThrow();
    expect(profile).toEqual({ subscription_plan: 'premium', role: 'admin' });
    // Each change is in the audit trail, by an operator (no admin account).
    const audit = await app.handle.db
      .selectFrom('admin_audit_logs')
      .innerJoin('user', 'user.id', 'admin_audit_logs.target_user_id')
      .select(['action_type', 'admin_user_id', 'old_value', 'new_value'])
      .where('user.email', '=', 'change@example.com')
      .orderBy('admin_audit_logs.created_at')
      .execute();
    expect(audit).toEqual([
      {
        action_type: 'role_change',
        admin_user_id: null,
        old_value: { role: 'user' },
        new_value: { role: 'admin' },
      },
      {
        action_type: 'subscription_change',
        admin_user_id: null,
        old_value: { subscriptionPlan: 'free' },
        new_value: { subscriptionPlan: 'premium' },
      },
    ]);
    await expect(run('user:plan', { email: 'ghost@example.com', plan: 'free' })).rejects.toThrow(
      'No user with email ghost@example.com',
    );
  });

  it('db:backup then db:restore brings back exactly the rows of the backup', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-backup-'));
    const file = path.join(dir, 'backup.json.gz');
    await app.handle.db
      .insertInto('admin_audit_logs')
      .values({
        action_type: 'profile_update',
        old_value: JSON.stringify(['a', 1]),
        new_value: JSON.stringify({ x: 1 }),
      })
      .execute();
    await app.handle.db
      .insertInto('news_articles')
      .values({
        title: 'T',
        body_text: 'An escrow release',
        url: 'https://example.com/a',
        categories: ['XRP', 'MARKET'],
        published_at: new Date(),
      })
      .execute();
    const counted = await rowCounts();
    expect(await run('db:backup', { file })).toMatch(/^Backed up \d+ rows from \d+ tables to /);

    await run('user:create', { email: 'after-backup@example.com', password: 'After-Backup-1' });
    await app.handle.db.deleteFrom('news_articles').execute();
    expect(await run('db:restore', { file })).toMatch(/^Restored \d+ rows into \d+ tables/);
    // Every table in the backup has exactly as many rows as when it was taken.
    const backup = JSON.parse(gunzipSync(fs.readFileSync(file)).toString('utf8')) as {
      tables: Record<string, unknown>;
    };
    const tables = Object.keys(backup.tables);
    expect(tables).toEqual(expect.arrayContaining(['user', 'profiles', 'news_articles', 'api_sources']));
    const restored = await rowCounts();
    for (const table of tables) expect([table, restored[table]]).toEqual([table, counted[table]]);

    const users = await app.handle.db.selectFrom('user').select('email').execute();
    expect(users.map((user) => user.email)).not.toContain('after-backup@example.com');
    expect(users.map((user) => user.email)).toContain('ops@example.com');
    const article = await app.handle.db.selectFrom('news_articles').selectAll().executeTakeFirstOrThrow();
    expect(article.categories).toEqual(['XRP', 'MARKET']);
    // The generated search column is recomputed, not restored.
    const found = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM news_articles WHERE search @@ to_tsquery('english', 'escrow')`.execute(
      app.handle.db,
    );
    expect(found.rows[0]?.n).toBe(1);
    const audit = await app.handle.db
      .selectFrom('admin_audit_logs')
      .selectAll()
      .where('action_type', '=', 'profile_update')
      .executeTakeFirstOrThrow();
    expect(audit.old_value).toEqual(['a', 1]);
    expect(audit.new_value).toEqual({ x: 1 });
    expect((await signIn('ops@example.com', 'Operator-Pass1')).status).toBe(200);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('db:restore refuses a file that is not a backup and leaves the data alone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-backup-'));
    const file = path.join(dir, 'junk.gz');
    fs.writeFileSync(file, 'not a backup');
    await expect(run('db:restore', { file })).rejects.toThrow(/is not a backup made by db:backup/);
    await expect(run('db:restore', { file: 'relative.gz' })).rejects.toThrow(/must be absolute/);
    expect((await signIn('ops@example.com', 'Operator-Pass1')).status).toBe(200);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('rejects unknown commands', async () => {
    await expect(run('db:drop')).rejects.toThrow('Unknown command: db:drop');
  });
});

describe('npm run cli -- db:migrate on an empty database', () => {
  it('migrates it: nothing runs against tables before they exist', async () => {
    const { openDatabase } = await import('../db/client');
    const { createRuntime } = await import('../runtime');
    const { createLogger } = await import('../lib/logger');
    const handle = await openDatabase({ kind: 'memory' });
    try {
      // As src/cli.ts opens it for db:migrate: the runtime without migrating, then the command.
      const runtime = await createRuntime({
        env: app.env,
        handle,
        logger: createLogger('silent'),
        migrate: false,
      });
      const output = await runCommand(runtime.deps, { name: 'db:migrate', args: {} });
      expect(output).toMatch(/^Applied 0001-/);
      const tables = await sql<{ name: string }>`
        SELECT table_name AS name FROM information_schema.tables WHERE table_name = 'twoFactor'`.execute(
        handle.db,
      );
      expect(tables.rows).toHaveLength(1);
    } finally {
      await handle.close();
    }
  });
});

describe('npm run cli -- sync:run', () => {
  it('runs a source now and prints its outcome, and names the types it knows', async () => {
    const output = await runCommand(app.deps, { name: 'sync:run', args: { type: 'fear_greed' } });
    expect(output).toMatch(/^Fear & Greed Index: success in \d+ ms, \d+ records \(.+\)$/);
    await expect(runCommand(app.deps, { name: 'sync:run', args: { type: 'social' } })).rejects.toThrow(
      'Unsupported API type: social (one of coingecko, fear_greed, xrpl_whales, xrpl_backfill, xrpl_reserves, xrpl_supply, xrpscan_names, news)',
    );
  });
});
