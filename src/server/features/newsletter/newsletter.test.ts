import { describe, expect, it } from 'vitest';
import { NEWSLETTER_CHECK_INBOX, NEWSLETTER_LINK_INVALID } from '@/domain/newsletter/newsletter.schema';
import { useTestAppWithSmtp } from '../../../../tests/support/test-app-with-smtp';

// Behind a proxy, so each test can speak from its own client address.
const { app, smtp } = useTestAppWithSmtp({ TRUST_PROXY: 'true' });
let ip = 0;

/** Each call comes from its own client address unless told, so the per-address limit stays out of the way. */
type ErrorBody = { error: { code: string; message: string } };
const fromAddress = (from = `203.0.113.${++ip}`) => ({ headers: { 'x-forwarded-for': from } });
const subscribe = (email: string, from?: string) =>
  app().client().newsletter.$post({ json: { email } }, fromAddress(from));
const confirm = (body: { token: string }) =>
  app().client().newsletter.confirm.$post({ json: body }, fromAddress());
const tokenOf = (text: string) =>
  new URL(/http\S+\/newsletter\/confirm\?token=\S+/.exec(text)![0]).searchParams.get('token')!;
const statusOf = async (email: string) =>
  (
    await app()
      .handle.db.selectFrom('newsletter_subscribers')
      .select('status')
      .where('email', '=', email)
      .executeTakeFirst()
  )?.status;
const mailsTo = (email: string) => smtp().mails.filter((mail) => mail.to.includes(email));

describe('newsletter double opt-in', () => {
  it('mails a confirmation link; only the link confirms, once', async () => {
    const response = await subscribe('  Reader@Example.COM ');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: NEWSLETTER_CHECK_INBOX });
    expect(await statusOf('reader@example.com')).toBe('pending');
    const mail = await smtp().waitFor('reader@example.com', /Confirm your XRP Research newsletter/);
    const token = tokenOf(mail.text);

    const confirmed = await confirm({ token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ email: 'reader@example.com' });
    expect(await statusOf('reader@example.com')).toBe('confirmed');
    const welcome = await smtp().waitFor('reader@example.com', /You're subscribed/);
    expect(welcome.text).toMatch(/\/unsubscribe\?token=/);

    const again = await confirm({ token });
    expect(again.status).toBe(404);
    expect(((await again.json()) as ErrorBody).error.message).toBe(NEWSLETTER_LINK_INVALID);
  });

  it('answers the same for a subscribed address and sends it nothing more', async () => {
    await subscribe('twice@example.com');
    const token = tokenOf((await smtp().waitFor('twice@example.com', /Confirm/)).text);
    await confirm({ token });
    const response = await subscribe('twice@example.com');
    expect(await response.json()).toEqual({ message: NEWSLETTER_CHECK_INBOX });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo('twice@example.com').filter((mail) => /Confirm/.test(mail.subject))).toHaveLength(1);
    expect(await statusOf('twice@example.com')).toBe('confirmed');
  });

  it('sends a pending address at most one confirmation mail per 10 minutes', async () => {
    await subscribe('flood@example.com');
    await subscribe('flood@example.com');
    await subscribe('flood@example.com');
    await smtp().waitFor('flood@example.com', /Confirm/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo('flood@example.com')).toHaveLength(1);
  });

  it('refuses an expired link', async () => {
    await subscribe('late@example.com');
    const token = tokenOf((await smtp().waitFor('late@example.com', /Confirm/)).text);
    await app()
      .handle.db.updateTable('newsletter_subscribers')
      .set({ confirmation_sent_at: new Date(Date.now() - 8 * 86_400_000) })
      .where('email', '=', 'late@example.com')
      .execute();
    expect((await confirm({ token })).status).toBe(404);
    expect(await statusOf('late@example.com')).toBe('pending');
  });

  it('answers 422 with a clear message for a bad address', async () => {
    const response = await subscribe('not-an-email');
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorBody).error.message).toBe(
      'email: Please enter a valid email address',
    );
  });

  it('limits sign-ups per client address with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1)
      statuses.push((await subscribe(`many${index}@example.com`, '198.51.100.7')).status);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    const refused = await subscribe('one-more@example.com', '198.51.100.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
