import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type NodeMailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Logger } from './logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * The one link the mail is about. Outside production it is logged when mail goes to the outbox, so a
   * local operator can follow it; in production it is a secret (a sign-in or reset token) and stays in
   * the .eml file only.
   */
  link?: string;
  /** Where a reply goes (a contact form's sender), when not to us. */
  replyTo?: string;
  /** Extra headers, such as List-Unsubscribe (RFC 8058 one-click). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * A nodemailer transport made at the first mail, not at start: nodemailer costs a process a few MB,
 * and most processes send no mail for hours (ADR 0056).
 */
function lazyTransport(create: (nodemailer: typeof NodeMailer) => Transporter): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => (transport ??= import('nodemailer').then((module) => create(module.default)));
}

/**
 * nodemailer over SMTP_URL; without SMTP every mail is written to DATA_DIR/outbox/*.eml, and outside
 * production its link is logged too, so a local install works before mail is set up. Production logs
 * name the file only: logs travel to collectors and support staff that must not get a reset token.
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  dataDir: string;
  logger: Logger;
  nodeEnv: 'development' | 'production' | 'test';
}): Mailer {
  const log = options.logger.child({ module: 'mail' });
  const envelope = ({ to, subject, text, headers, replyTo }: MailMessage) => ({
    from: options.from,
    to,
    subject,
    text,
    ...(replyTo ? { replyTo } : {}),
    ...(headers ? { headers } : {}),
  });
  const smtpUrl = options.smtpUrl;
  if (smtpUrl) {
    const transport = lazyTransport((nodemailer) => nodemailer.createTransport(smtpUrl));
    return {
      send: async (message) => {
        const { to, subject } = message;
        await (await transport()).sendMail(envelope(message));
        log.info({ to, subject }, 'mail sent');
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    send: async (message) => {
      const { to, subject, link } = message;
      const info = await (await transport()).sendMail(envelope(message));
      fs.mkdirSync(outbox, { recursive: true, mode: 0o700 });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(3).toString('hex')}.eml`,
      );
      fs.writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      const shown = options.nodeEnv === 'production' ? {} : { link };
      log.info({ to, subject, file, ...shown }, 'mail written to the outbox (SMTP_URL is not set)');
    },
  };
}
