import { describe, expect, it } from 'vitest';
import { CONTACT_SENT, type ContactMessageInput } from '@/domain/contact/contact.schema';
import { useTestAppWithSmtp } from '../../../../tests/support/test-app-with-smtp';

const { app, smtp } = useTestAppWithSmtp({ TRUST_PROXY: 'true' });
let ip = 0;

const send = (body: ContactMessageInput, options: { from?: string; cookie?: string } = {}) =>
  app()
    .client(options.cookie)
    .contact.$post({ json: body }, { headers: { 'x-forwarded-for': options.from ?? `203.0.113.${++ip}` } });
const stored = () =>
  app().handle.db.selectFrom('contact_messages').selectAll().orderBy('created_at').execute();
const message = {
  name: 'Ada Reader',
  email: 'Ada@Example.com',
  message: 'Where does the velocity figure come from?',
};

describe('POST /api/contact', () => {
  it('stores the message and mails it to every administrator, replying to the sender', async () => {
    const admin = await app().signedInUser({ role: 'admin' });
    const member = await app().signedInUser();
    const response = await send(message, { cookie: member.cookie });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: CONTACT_SENT });
    const mail = await smtp().waitFor(admin.email, /Contact form: Ada Reader/);
    expect(mail.replyTo).toBe('ada@example.com');
    expect(mail.text).toContain('Where does the velocity figure come from?');
    expect(await stored()).toMatchObject([
      { name: 'Ada Reader', email: 'ada@example.com', user_id: member.userId, email_status: 'sent' },
    ]);
    // Members get no copy: only administrators are mailed.
    expect(smtp().mails.some((received) => received.to.includes(member.email))).toBe(false);
  });

  it('drops a message whose honeypot is filled in, with the same answer', async () => {
    const before = (await stored()).length;
    const mailsBefore = smtp().mails.length;
    const response = await send({ ...message, website: 'https://spam.example' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: CONTACT_SENT });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await stored()).toHaveLength(before);
    expect(smtp().mails).toHaveLength(mailsBefore);
  });

  it('answers 422 with the first problem and stores nothing', async () => {
    const before = (await stored()).length;
    const cases: [ContactMessageInput, string][] = [
      [{ ...message, name: '' }, 'name: Please enter your name'],
      [{ ...message, email: 'nope' }, 'email: Please enter a valid email address'],
      [{ ...message, message: 'short' }, 'message: Please write at least 10 characters'],
      [{ ...message, name: 'Eve\r\nBcc: victim@example.com' }, 'name: Please enter your name on one line'],
    ];
    for (const [body, text] of cases) {
      const response = await send(body);
      expect(response.status).toBe(422);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(text);
    }
    expect(await stored()).toHaveLength(before);
  });

  it('takes 5 messages an hour from one address, then 429 with Retry-After', async () => {
    for (let index = 0; index < 5; index += 1)
      expect((await send(message, { from: '198.51.100.9' })).status).toBe(201);
    const refused = await send(message, { from: '198.51.100.9' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
  });
});
