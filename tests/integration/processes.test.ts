import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureServerBundle, serverNodeArgs } from '../../scripts/build-stamp';
import { ensureDatabaseTemplate } from '../../scripts/db-template';
import { apiClient, exited } from '../support/app-process';
import { freePort } from '../support/server-process';

/**
 * The real processes an operator runs, on one embedded DATA_DIR: the CLI with and without a server,
 * a second server, SIGTERM, kill -9, and a bad configuration.
 */
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-proc-'));
const running = new Set<ChildProcess>();

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function envFor(port: number, extra: Record<string, string> = {}) {
  const { TEST_DATABASE_URL: _ignored, DATABASE_URL: _alsoIgnored, ...env } = process.env;
  return {
    ...env,
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    SYNC_DISABLED: 'true',
    OUTBOUND_ONLY_ALLOWED: 'true',
    ...extra,
  };
}

function cli(args: string[], port = 3999) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: root,
    env: envFor(port),
    encoding: 'utf8',
  });
}

/** What each started server wrote to stdout (its JSON log lines). */
const output = new Map<ChildProcess, string>();

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: envFor(port),
    stdio: 'pipe',
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  output.set(child, '');
  child.stdout?.on('data', (chunk: Buffer) =>
    output.set(child, (output.get(child) ?? '') + chunk.toString('utf8')),
  );
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error('server did not become healthy');
}

async function signIn(port: number, email: string, password: string) {
  return fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
    body: JSON.stringify({ email, password }),
  });
}

describe('operator processes on one embedded DATA_DIR', () => {
  it('the CLI opens the database itself when no server runs, and refuses a weak password', () => {
    const created = cli([
      'user:create',
      '--email',
      'first@example.com',
      '--password',
      'First-Admin-1',
      '--role',
      'admin',
    ]);
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(created.stdout).toMatch(/^Created first@example.com \(id \S+, role admin, plan free\)\n$/);

    const weak = cli(['user:create', '--email', 'weak@example.com', '--password', 'weakpass1']);
    expect(weak.status).toBe(1);
    expect(weak.stderr).toBe('Password must contain at least one uppercase letter\n');
  });

  it('with a server running, the CLI hands its command to it and a second server refuses to start', async () => {
    const port = await freePort();
    const server = await startServer(port);
    const created = cli([
      'user:create',
      '--email',
      'second@example.com',
      '--password',
      'Second-User-2',
      '--plan',
      'premium',
    ]);
    expect(created.status).toBe(0);
    expect((await signIn(port, 'second@example.com', 'Second-User-2')).status).toBe(200);

    const second = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: envFor(await freePort()),
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(
      `Another server (pid ${server.pid}) is already running on DATA_DIR ${dataDir}`,
    );

    server.kill('SIGTERM');
    expect(await exited(server)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'control.sock'))).toBe(false);
  });

  it('SIGTERM lets an in-flight request finish before the process exits', async () => {
    const port = await freePort();
    const server = await startServer(port);
    const body = JSON.stringify({ email: 'in-flight@example.com' });
    const answer = new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/newsletter',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      // Half the body now, the rest after SIGTERM: the request is in flight while the server shuts down.
      request.write(body.slice(0, 10));
      setTimeout(() => {
        server.kill('SIGTERM');
        setTimeout(() => request.end(body.slice(10)), 500);
      }, 100);
    });
    expect(await answer).toBe(200);
    expect(await exited(server)).toBe(0);
    // Without Stripe keys the start-up log warns that billing is in test mode.
    expect(output.get(server)).toContain('Billing is in TEST MODE: no card is charged');
    // New connections are refused once it has gone.
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });

  it('after kill -9 the database opens again with every committed row', async () => {
    const port = await freePort();
    const server = await startServer(port);
    // Writes in flight when the process dies: newsletter sign-ups hammered in parallel.
    const writes = Array.from({ length: 40 }, (_, index) =>
      apiClient(`http://127.0.0.1:${port}`)
        .newsletter.$post({ json: { email: `reader${index}@example.com` } })
        .then(
          (response) => response.ok,
          () => false,
        ),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    server.kill('SIGKILL');
    await exited(server);
    const acknowledged = (await Promise.all(writes)).filter(Boolean).length;

    const again = await startServer(port);
    const health = await (await apiClient(`http://127.0.0.1:${port}`).health.$get()).json();
    expect(health).toMatchObject({ status: 'ok', database: 'ok' });
    expect((await signIn(port, 'second@example.com', 'Second-User-2')).status).toBe(200);
    // Every sign-up the server acknowledged before it died is still there.
    const file = path.join(dataDir, 'after-kill.json.gz');
    expect(cli(['db:backup', file]).status).toBe(0);
    const backup = JSON.parse(gunzipSync(fs.readFileSync(file)).toString('utf8'));
    expect(backup.tables.newsletter_subscribers.rows.length).toBeGreaterThanOrEqual(acknowledged);
    again.kill('SIGTERM');
    expect(await exited(again)).toBe(0);
  });

  it('a bad configuration stops the server with one line naming the variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: envFor(3999, { PORT: 'eighty', ROLE: 'worker' }),
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'Invalid configuration: PORT must be a whole number between 0 and 65535 (got "eighty")\n' +
        'Invalid configuration: ROLE must be one of web, jobs, all (got "worker")\n',
    );
  });

  it('BILLING_REQUIRE_STRIPE=true refuses to start without the Stripe keys', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: envFor(3999, { BILLING_REQUIRE_STRIPE: 'true', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }),
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'Invalid configuration: STRIPE_SECRET_KEY is required when BILLING_REQUIRE_STRIPE=true (got "")\n' +
        'Invalid configuration: STRIPE_WEBHOOK_SECRET is required when BILLING_REQUIRE_STRIPE=true (got "")\n',
    );
  });
});

describe('the server as npm start runs it', () => {
  it('runs from the bundle with plain node, starts a new DATA_DIR from the template, and stops on SIGTERM', async () => {
    const bundle = ensureServerBundle(root);
    await ensureDatabaseTemplate(root);
    const freshDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-bundle-'));
    const port = await freePort();
    const child = spawn(process.execPath, [...serverNodeArgs, bundle], {
      cwd: root,
      env: { ...envFor(port), DATA_DIR: freshDir, LOG_LEVEL: 'info' },
      stdio: 'pipe',
    });
    running.add(child);
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
    try {
      let health: Response | null = null;
      for (let attempt = 0; attempt < 200 && !health?.ok; attempt += 1) {
        if (child.exitCode !== null) throw new Error(`the bundle exited with ${child.exitCode}: ${log}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      }
      expect(await health?.json()).toMatchObject({ status: 'ok', database: 'ok', databaseKind: 'pglite' });
      expect(log).toContain('new database created from the build’s template');
      // The copy is a working database: an account can be made and used.
      const signUp = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
        body: JSON.stringify({ name: 'Bundle', email: 'bundle@example.com', password: 'Bundle-Pass-1' }),
      });
      expect(signUp.status).toBe(200);
      // A second after start the process gives back what its start grew (ADR 0056).
      await expect.poll(() => log, { timeout: 10_000 }).toContain('"msg":"start-up memory released"');
      child.kill('SIGTERM');
      expect(await exited(child)).toBe(0);
      expect(log).toContain('shut down cleanly');
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(freshDir, { recursive: true, force: true });
    }
  });

  it("keeps the server's packages out of what a cluster's primary loads", () => {
    // The primary only forks and supervises (ADR 0056): main.mjs and the chunks it imports statically
    // may bring the configuration's and the log's packages, never the server's (the database
    // drivers, better-auth, Hono, Stripe, xrpl …), which come with `await import('./server')`.
    const dir = path.dirname(ensureServerBundle(root));
    const packages = new Set<string>();
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const match of code.matchAll(/^(?:import|export)\s[^;]*?from\s*"([^"]+)"|^import\s*"([^"]+)"/gm)) {
        const from = match[1] ?? match[2] ?? '';
        if (from.startsWith('./')) visit(from.slice(2));
        else if (!from.startsWith('node:')) packages.add(from);
      }
    };
    visit('main.mjs');
    expect(seen.size).toBeGreaterThan(1);
    expect([...packages].sort()).toEqual(['ipaddr.js', 'pino', 'zod']);
    // The server itself is there, behind the dynamic import.
    expect(fs.readFileSync(path.join(dir, 'main.mjs'), 'utf8')).toMatch(
      /await import\("\.\/chunk-[\w-]+\.mjs"\)/,
    );
  });
});
