import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/app-process';
import { freePort, waitForHealth } from '../support/server-process';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * `npm run dev` with UPSTREAMS=fake: the site comes up on the project's own fakes, with no
 * network, and the dashboard fills from them: a price, Fear & Greed, and the news feed's items.
 */
describe('npm run dev offline', () => {
  let dev: ChildProcess | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-dev-offline-'));
  afterAll(async () => {
    if (dev?.pid && dev.exitCode === null) {
      // The script, its API server and Vite: the whole group.
      process.kill(-dev.pid, 'SIGTERM');
      await new Promise((resolve) => (dev!.exitCode !== null ? resolve(null) : dev!.once('exit', resolve)));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves a living dashboard from the fakes', { timeout: 150_000 }, async () => {
    // Three ports in a row: Vite, the API (+1) and the fakes (+2).
    let port = await freePort();
    port -= port % 3;
    let output = '';
    dev = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts'], {
      cwd: root,
      detached: true,
      env: { ...process.env, UPSTREAMS: 'fake', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    dev.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    dev.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const api = `http://127.0.0.1:${port + 1}`;
    await waitForHealth(api, dev, 90_000);
    expect(output).toContain('UPSTREAMS=fake: using the project’s own upstream fakes');

    // The first ticks sync the market and Fear & Greed from the fakes (a tick every 5 s offline).
    const client = apiClient(api);
    await expect
      .poll(async () => (await (await client.market.metrics.$get({ query: {} })).json()).latest?.price, {
        timeout: 60_000,
        interval: 1000,
      })
      .toMatch(/^\d+\.\d+$/);
    await expect
      .poll(async () => (await (await client.market['fear-greed'].$get()).json()).latest?.value, {
        timeout: 60_000,
        interval: 1000,
      })
      .toBeTypeOf('number');
    // The offline news feed carries an item of the last five minutes.
    const feed = await (await fetch(`http://127.0.0.1:${port + 2}/feeds/telegraph.xml`)).text();
    const dated = /<title>Offline feed: XRP at \$[\d.]+ as of [\d:]+ UTC<\/title>\s*<pubDate>([^<]+)</.exec(
      feed,
    );
    expect(Date.now() - Date.parse(dated?.[1] ?? '')).toBeLessThan(5 * 60_000 + 1000);
  });
});
