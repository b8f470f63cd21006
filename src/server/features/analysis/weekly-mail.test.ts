import { beforeAll, describe, expect, it } from 'vitest';
import { useTestAppWithSmtp } from '../../../../tests/support/test-app-with-smtp';
import { createLogger } from '../../lib/logger';
import { sendNewsletterSummaries } from './newsletter-weekly.service';
import { sendWeeklyMail, sendWeeklySummaries } from './weekly-mail.service';

/** The weekly summary mail: to members who keep it on, and to confirmed newsletter subscribers. */
const { app, smtp } = useTestAppWithSmtp({ TRUST_PROXY: 'true' });
let ip = 0;

// Monday 2026-11-23 08:30 UTC: the summary covers 16–23 November.
const monday = new Date('2026-11-23T08:30:00Z');

beforeAll(async () => {
  const db = app().handle.db;
  await db
    .insertInto('market_history')
    .values([
      { symbol: 'XRP', ts: '2026-11-16T00:00:00Z', price: '2.20' },
      { symbol: 'XRP', ts: '2026-11-20T00:00:00Z', price: '2.35' },
    ])
    .execute();
  await db
    .insertInto('fear_greed_index')
    .values([{ value: 61, value_classification: 'Greed', timestamp: '2026-11-20T00:00:00Z' }])
    .execute();
  await db
    .insertInto('news_articles')
    .values([
      {
        title: 'A story of the week',
        url: 'https://example.com/w',
        categories: ['XRP'],
        published_at: '2026-11-19T08:00:00Z',
      },
    ])
    .execute();
});

const deps = () => ({
  db: app().handle.db,
  logger: createLogger('silent'),
  mailer: app().deps.mailer,
  publicUrl: app().env.PUBLIC_URL,
  secret: app().deps.alerts.unsubscribeSecret,
});
const fromAddress = () => ({ headers: { 'x-forwarded-for': `203.0.113.${++ip}` } });
const subscribe = (email: string) => app().client().newsletter.$post({ json: { email } }, fromAddress());
async function subscribeAndConfirm(email: string) {
  await subscribe(email);
  const mail = await smtp().waitFor(email, /Confirm/);
  const token = new URL(/http\S+\/newsletter\/confirm\?token=\S+/.exec(mail.text)![0]).searchParams.get(
    'token',
  )!;
  expect((await app().client().newsletter.confirm.$post({ json: { token } }, fromAddress())).status).toBe(
    200,
  );
}
const weeklyTo = (email: string) =>
  smtp().mails.filter((mail) => mail.to.includes(email) && /weekly/.test(mail.subject));

describe('the weekly summary for members', () => {
  it('goes out on Monday morning once per week, with price, Fear & Greed, whales and headlines', async () => {
    const user = await app().signedInUser();
    const premium = await app().signedInUser({ plan: 'premium' });
    expect(await sendWeeklySummaries(deps(), new Date(monday.getTime() - 86_400_000))).toBe(0);
    expect(await sendWeeklySummaries(deps(), monday)).toBeGreaterThanOrEqual(1);
    expect(await sendWeeklySummaries(deps(), new Date(monday.getTime() + 3_600_000))).toBe(0);
    const mail = await smtp().waitFor(user.email, /XRP weekly summary: week of November 23, 2026/);
    expect(mail.text).toMatch(/Price: \$\d+\.\d{4}/);
    expect(mail.text).toContain('Fear & Greed:');
    // Whale totals are Premium: a free member reads where to get them, a Premium member reads them.
    expect(mail.text).toContain(`Whale transfers: for Premium members (${app().env.PUBLIC_URL}/membership)`);
    const premiumMail = await smtp().waitFor(premium.email, /XRP weekly summary/);
    expect(premiumMail.text).toMatch(/Whale transfers: (none above 1M XRP|\d+ transfers)/);
    expect(mail.text).toContain('A story of the week');
    expect(mail.text).toContain('/unsubscribe?token=');
  });
});

describe('the weekly summary for subscribers', () => {
  it('goes on Monday to confirmed subscribers without an account, once, with a one-click unsubscribe', async () => {
    await subscribeAndConfirm('weekly@example.com');
    await subscribe('unconfirmed@example.com');
    const member = await app().signedInUser();
    await subscribeAndConfirm(member.email);

    expect(await sendNewsletterSummaries(deps(), new Date('2026-11-23T07:30:00Z'))).toBe(0);
    expect(await sendNewsletterSummaries(deps(), monday)).toBeGreaterThanOrEqual(1);
    expect(await sendNewsletterSummaries(deps(), new Date(monday.getTime() + 3_600_000))).toBe(0);

    const mail = await smtp().waitFor('weekly@example.com', /XRP weekly summary: week of November 23, 2026/);
    expect(mail.text).toContain('Top headlines');
    expect(mail.text).not.toContain('/settings');
    // Not to an address that never confirmed; not twice to a member who gets the account's summary.
    expect(weeklyTo('unconfirmed@example.com')).toEqual([]);
    expect(weeklyTo(member.email)).toEqual([]);

    const token = new URL(/http\S+\/unsubscribe\?token=\S+/.exec(mail.text)![0]).searchParams.get('token')!;
    const info = await app().client().unsubscribe.$get({ query: { token } });
    expect(await info.json()).toEqual({ category: 'newsletter', label: 'the XRP Research newsletter' });
    expect((await app().client().unsubscribe.$post({ query: { token } })).status).toBe(200);
    const status = await app()
      .handle.db.selectFrom('newsletter_subscribers')
      .select('status')
      .where('email', '=', 'weekly@example.com')
      .executeTakeFirst();
    expect(status?.status).toBe('unsubscribed');
    await app().handle.db.deleteFrom('newsletter_sends').execute();
    await sendNewsletterSummaries(deps(), monday);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(weeklyTo('weekly@example.com')).toHaveLength(1);
  });

  it('skips a recipient deleted since the list was read, and goes on with the others', async () => {
    const sent = await sendWeeklyMail(
      deps(),
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
    expect(smtp().mails.filter((mail) => mail.to.includes('gone@example.com'))).toEqual([]);
  });
});
