import { describe, expect, it } from 'vitest';
import { NEWSLETTER_CHECK_INBOX, NEWSLETTER_LINK_INVALID } from '@/domain/newsletter/newsletter.schema';
import { useTestAppWithSmtp } from '../../../../tests/support/test-app-with-smtp';
import { createLogger } from '../../lib/logger';
import { sendWeeklyMail } from '../alerts';
import { sendNewsletterSummaries } from './newsletter-weekly.service';

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

function summaryDeps() {
  return {
    db: app().handle.db,
    logger: createLogger('silent'),
    mailer: app().deps.mailer,
    publicUrl: app().env.PUBLIC_URL,
    secret: app().deps.alerts.unsubscribeSecret,
  };
}

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

describe('the weekly summary for subscribers', () => {
  it('goes on Monday to confirmed subscribers without an account, once, with a one-click unsubscribe', async () => {
    await subscribe('weekly@example.com');
    await confirm({
      token: tokenOf((await smtp().waitFor('weekly@example.com', /Confirm/)).text),
    });
    await subscribe('unconfirmed@example.com');
    const member = await app().signedInUser();
    await subscribe(member.email);
    await confirm({
      token: tokenOf((await smtp().waitFor(member.email, /Confirm/)).text),
    });

    const monday = new Date('2026-11-23T08:30:00Z');
    expect(await sendNewsletterSummaries(summaryDeps(), new Date('2026-11-23T07:30:00Z'))).toBe(0);
    expect(await sendNewsletterSummaries(summaryDeps(), monday)).toBeGreaterThanOrEqual(1);
    expect(await sendNewsletterSummaries(summaryDeps(), new Date(monday.getTime() + 3_600_000))).toBe(0);

    const mail = await smtp().waitFor('weekly@example.com', /XRP weekly summary: week of November 23, 2026/);
    expect(mail.text).toContain('Top headlines');
    expect(mail.text).not.toContain('/settings');
    // Not to an address that never confirmed; not twice to a member who gets the account's summary.
    expect(mailsTo('unconfirmed@example.com').filter((m) => /weekly/.test(m.subject))).toEqual([]);
    expect(mailsTo(member.email).filter((m) => /weekly/.test(m.subject))).toEqual([]);

    const token = new URL(/http\S+\/unsubscribe\?token=\S+/.exec(mail.text)![0]).searchParams.get('token')!;
    const info = await app().client().unsubscribe.$get({ query: { token } });
    expect(await info.json()).toEqual({ category: 'newsletter', label: 'the XRP Research newsletter' });
    const done = await app().client().unsubscribe.$post({ query: { token } });
    expect(done.status).toBe(200);
    expect(await statusOf('weekly@example.com')).toBe('unsubscribed');
    await app().handle.db.deleteFrom('newsletter_sends').execute();
    await sendNewsletterSummaries(summaryDeps(), monday);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo('weekly@example.com').filter((m) => /weekly/.test(m.subject))).toHaveLength(1);
  });

  it('skips a recipient deleted since the list was read, and goes on with the others', async () => {
    const sent = await sendWeeklyMail(
      summaryDeps(),
      {
        table: 'newsletter_sends',
        column: 'subscriber_id',
        category: 'newsletter',
        id: '00000000-0000-4000-8000-000000000000',
        email: 'gone@example.com',
        isPremium: false,
      },
      { week: '2026-W48', monday: new Date('2026-11-23T08:00:00Z') },
      () => Promise.reject(new Error('not needed')),
    );
    expect(sent).toBe(false);
    expect(mailsTo('gone@example.com')).toEqual([]);
  });
});
