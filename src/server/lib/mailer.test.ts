import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { createMailer } from './mailer';

const TOKEN = 'rst_5f1c0ffee9a7d2b4c8e6';
const LINK = `https://xrp.example.com/reset-password?token=${TOKEN}`;
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A mailer without SMTP (the outbox) whose info-level log lines land in the returned array. */
function outboxMailer(nodeEnv: 'production' | 'development') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-mailer-'));
  dirs.push(dataDir);
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const mailer = createMailer({
    from: 'XRP Research <no-reply@localhost>',
    dataDir,
    logger: createLogger('info', destination),
    nodeEnv,
  });
  const send = () =>
    mailer.send({
      to: 'ada@example.com',
      subject: 'Reset your password',
      text: `Someone asked to reset your password. Choose a new one here:\n${LINK}\n`,
      link: LINK,
    });
  const outbox = () =>
    fs.readdirSync(path.join(dataDir, 'outbox')).map((name) => path.join(dataDir, 'outbox', name));
  return { send, lines, outbox };
}

describe('the outbox mailer (no SMTP_URL)', () => {
  it('in production, logs the file a mail was written to, never its link or token', async () => {
    const { send, lines, outbox } = outboxMailer('production');
    await send();
    const [file] = outbox();
    expect(file).toBeDefined();
    const log = lines.join('');
    expect(log).toContain('mail written to the outbox');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ file, to: 'ada@example.com' });
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain('reset-password');
    expect(log).not.toContain('https://');
    // The operator still finds the link in the mail itself.
    expect(fs.readFileSync(file!, 'utf8')).toContain(TOKEN);
  });

  it('in development, logs the link so a local sign-up can be finished from the log', async () => {
    const { send, lines } = outboxMailer('development');
    await send();
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ link: LINK });
  });
});
