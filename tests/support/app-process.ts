import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hc } from 'hono/client';
import type { ApiType } from '../../src/server/app';
import { freePort, waitForHealth } from './server-process';

const root = path.resolve(import.meta.dirname, '../..');

/** The app as an operator runs it: `src/server/main.ts` in its own process, with its log kept. */
export interface AppProcess {
  port: number;
  url: string;
  env: Record<string, string>;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** kill -9: no shutdown, no cleanup. */
  kill(): Promise<void>;
  /** SIGTERM, waiting for the exit code. */
  stop(): Promise<number | null>;
}

/** The process environment without the test runner's database settings (each test sets its own). */
export function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env))
    if (
      value !== undefined &&
      !['TEST_DATABASE_URL', 'MULTI_PROCESS_DATABASE_URL', 'DATABASE_URL'].includes(key)
    )
      env[key] = value;
  return env;
}

export function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/**
 * Starts the server with `env` on top of a quiet, offline default (its own DATA_DIR, no outbound host
 * but 127.0.0.1) and waits until it answers /api/health.
 */
export async function startAppProcess(
  env: Record<string, string>,
  port?: number,
  healthTimeoutMs = 30_000,
): Promise<AppProcess> {
  const listenPort = port ?? (await freePort());
  const url = `http://127.0.0.1:${listenPort}`;
  const fullEnv = {
    ...baseEnv(),
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-app-')),
    LOG_LEVEL: 'warn',
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
    OUTBOUND_ONLY_ALLOWED: 'true',
    XRPL_WS_URL: 'ws://127.0.0.1:9',
    XRPL_WS_FALLBACK_URL: 'ws://127.0.0.1:9',
    // One process unless a test asks for a cluster (tests/integration/cluster.test.ts).
    WEB_CONCURRENCY: '1',
    ...env,
    PORT: String(listenPort),
    PUBLIC_URL: env.PUBLIC_URL ?? url,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: fullEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  try {
    await waitForHealth(url, child, healthTimeoutMs);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${log}`, { cause: error });
  }
  return {
    port: listenPort,
    url,
    env: fullEnv,
    child,
    output: () => log,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      return exited(child);
    },
  };
}

/** Runs the CLI with an app process's environment (with a server, DATABASE_URL or its DATA_DIR). */
export function runCli(env: Record<string, string>, args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`cli ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** Signs in by email and password; the cookie header for the next requests. `origin`: the PUBLIC_URL. */
export async function signInCookie(
  url: string,
  email: string,
  password: string,
  origin = url,
): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/**
 * The API's typed client (the web app's `hc<ApiType>`) over real HTTP to a running process, signed
 * in with `cookie` when given. Writes carry the site's origin: `url`, or the proxy the browser used.
 */
export function apiClient(url: string, cookie?: string, origin = url) {
  return hc<ApiType>(`${url}/api`, { headers: { origin, ...(cookie ? { cookie } : {}) } });
}
