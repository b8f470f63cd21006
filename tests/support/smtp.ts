import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  replyTo: string | null;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives, for tests of the mails we send. */
export interface TestSmtp {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail to `to` whose subject matches, waiting for it if needed. */
  waitFor(to: string, subject: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  /** The first http(s) link in a mail's text. */
  linkIn(mail: ReceivedMail): string;
  close(): Promise<void>;
}

/** `delayMs`: how long the server takes to accept each message (a slow mail relay). */
export async function startTestSmtp(options: { delayMs?: number } = {}): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          // Accepted (kept, and answered 250) after the delay, whether or not the sender still waits.
          const accept = () => {
            mails.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              replyTo: parsed.replyTo?.text ?? null,
            });
            callback();
          };
          if (options.delayMs) setTimeout(accept, options.delayMs);
          else accept();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const find = (to: string, subject: RegExp) =>
    mails.find((mail) => mail.to.includes(to.toLowerCase()) && subject.test(mail.subject));

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor: async (to, subject, timeoutMs = 5000) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = find(to, subject);
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(
        `No mail to ${to} matching ${subject} (got: ${mails.map((mail) => `${mail.to} "${mail.subject}"`).join('; ')})`,
      );
    },
    linkIn: (mail) => {
      const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
      if (!link) throw new Error(`No link in mail "${mail.subject}"`);
      return link;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
