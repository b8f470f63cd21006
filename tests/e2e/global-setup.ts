import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startFakeUpstreams } from '../support/fake-upstreams';
import { freePort, waitForHealth } from '../support/server-process';
import { startTestSmtp } from '../support/smtp';
import { E2E_PASSWORD, e2eUsers } from './users';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Starts the production build on a random port with a fresh DATA_DIR and creates the test accounts
 * with the CLI, which hands its commands to the running server over the control socket.
 */
export default async function globalSetup() {
  // A real SMTP server for the app, and a small HTTP view of its mailbox for the test workers.
  const smtp = await startTestSmtp();
  const mailbox = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(smtp.mails));
  });
  await new Promise<void>((resolve) => mailbox.listen(0, '127.0.0.1', resolve));
  process.env.E2E_MAILBOX_URL = `http://127.0.0.1:${(mailbox.address() as net.AddressInfo).port}`;

  // Market, Fear & Greed, news feed and XRP Ledger fakes (tests/support/fake-upstreams.ts), for syncs
  // the tests trigger through the admin API. Each markets call moves the price by 0.0001.
  const fakes = await startFakeUpstreams({ mode: 'recorded' });
  process.env.E2E_UPSTREAM_URL = fakes.upstream.url;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SMTP_URL: smtp.url,
    ...fakes.env,
    // The browser tests give each test its own client address (tests/e2e/fixtures.ts).
    TRUST_PROXY: 'true',
    // The browser tests never reach the public market APIs.
    SYNC_DISABLED: 'true',
    // The checkout journeys run on the local test-mode provider, whatever NODE_ENV the shell has.
    BILLING_TEST_MODE: 'true',
    // A loaded test machine stalls for a second at times: that must not refuse the journeys' requests.
    SHED_EVENT_LOOP_DELAY_MS: '0',
    // Nor refuse their sign-ins because a hash took longer beside Chromium than the bound allows.
    PASSWORD_HASH_QUEUE_MAX: '64',
  };
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, server);

  for (const user of Object.values(e2eUsers)) {
    const args = [
      '--import',
      'tsx',
      'src/cli.ts',
      'user:create',
      '--email',
      user.email,
      '--password',
      E2E_PASSWORD,
      '--role',
      user.role,
      '--plan',
      user.plan,
    ];
    if (user.name) args.push('--name', user.name);
    const result = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`user:create ${user.email} failed: ${result.stderr}`);
  }

  // Market data the dashboard tests read, written by the pipeline itself (the CLI asks the server to sync).
  // Asynchronously: the fixture upstream lives in this process and must keep answering meanwhile.
  for (const type of ['coingecko', 'fear_greed']) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'sync:run', '--type', type], {
      cwd: root,
      env,
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    if (code !== 0) {
      server.kill('SIGTERM');
      throw new Error(`sync:run ${type} failed: ${stderr}`);
    }
  }

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
    fs.rmSync(dataDir, { recursive: true, force: true });
    mailbox.close();
    await smtp.close();
    await fakes.close();
  };
}
