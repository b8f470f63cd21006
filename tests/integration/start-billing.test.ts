import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { billingDefault } from '../../scripts/billing-default';

/** What `npm start` does about payments when no Stripe key is set, before it builds anything. */
const root = path.resolve(import.meta.dirname, '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-start-billing-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('npm start under NODE_ENV=production', () => {
  it('refuses to start without Stripe keys or an explicit test mode, in one line and before building', async () => {
    const { STRIPE_SECRET_KEY: _k, BILLING_TEST_MODE: _t, BILLING_REQUIRE_STRIPE: _r, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      cwd: root,
      env: { ...env, NODE_ENV: 'production', DATA_DIR: path.join(work, 'data'), PORT: '3997' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    // Today's launcher turned the test mode on and served; a refusal ends the process within seconds.
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const code = await exited;
    clearTimeout(timer);
    expect(stderr).toBe(
      'NODE_ENV=production needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take payments, or BILLING_TEST_MODE=true to run the test mode in which Premium is free: set one and start again.\n',
    );
    expect(stdout).toBe('');
    expect(code).toBe(1);
  });
});

describe('the payments default of npm start', () => {
  it('keeps the labelled test mode for a local install and leaves explicit choices to the server', () => {
    expect(billingDefault({})).toEqual({ testMode: true, refuse: null });
    expect(billingDefault({ NODE_ENV: 'development' })).toEqual({ testMode: true, refuse: null });
    expect(billingDefault({ NODE_ENV: 'production' }).refuse).toMatch(/BILLING_TEST_MODE=true/);
    for (const explicit of [
      { BILLING_TEST_MODE: 'true' },
      { BILLING_TEST_MODE: 'false' },
      { STRIPE_SECRET_KEY: 'sk_live_x' },
      { BILLING_REQUIRE_STRIPE: 'true' },
    ])
      expect(billingDefault({ NODE_ENV: 'production', ...explicit })).toEqual({
        testMode: false,
        refuse: null,
      });
  });
});
