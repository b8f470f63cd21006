// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOverview } from '@/domain/admin/admin.schema';
import type { QuestionMetrics } from '@/domain/questions/questions.schema';
import { createDateFormatter } from '@/domain/format/dates';
import { member } from '../../../../../tests/support/members';
import { renderApp, ZoneProbe, zoneApplied } from '../../../../../tests/support/render-app';
import { OverviewTab } from './overview-tab';

const weeks: QuestionMetrics['weeks'] = [
  { start: '2026-02-23T12:00:00.000Z', end: '2026-03-02T12:00:00.000Z', count: 3 },
  { start: '2026-02-16T12:00:00.000Z', end: '2026-02-23T12:00:00.000Z', count: 2 },
  { start: '2026-02-09T12:00:00.000Z', end: '2026-02-16T12:00:00.000Z', count: 4 },
  { start: '2026-02-02T12:00:00.000Z', end: '2026-02-09T12:00:00.000Z', count: 0 },
];

const overview = (
  questions: Partial<QuestionMetrics>,
  figures: Partial<Omit<AdminOverview, 'questions'>> = {},
): AdminOverview => ({
  totalUsers: 120,
  premiumUsers: 30,
  payingPremiumUsers: 22,
  unpaidPremiumUsers: 0,
  grantedPremiumUsers: 3,
  complimentaryUsers: 5,
  activeUsers: 60,
  blockedUsers: 2,
  premiumPrice: { amountCents: 900, currency: 'usd', interval: 'month', intervalCount: 1 },
  estimatedMonthlyRevenueCents: 19_800,
  revenueUnknownReason: null,
  recurringRevenueCents: 18_900,
  newsArticles: 400,
  whaleTransactions24h: 12,
  recentSyncs: 48,
  recentSyncErrors: 1,
  questions: {
    open: 4,
    awaitingReply: 3,
    firstResponseMedianSeconds: 3 * 3600 + 12 * 60,
    firstResponseP90Seconds: 26 * 3600 + 30 * 60,
    answeredLast30Days: 7,
    askedLast30Days: 9,
    weeks,
    ...questions,
  },
  ...figures,
});

const admin = member({ role: 'admin', timezone: 'Europe/Paris' });
const paris = createDateFormatter({ timeZone: 'Europe/Paris', dateFormat: 'US' });

async function renderOverview(
  answer: unknown,
  health: unknown = { status: 'ok' },
  billingMode: 'test' | 'stripe' = 'stripe',
) {
  const view = renderApp(
    <>
      <ZoneProbe />
      <OverviewTab />
    </>,
    {
      session: admin.session,
      api: {
        ...admin.api,
        'GET /api/admin/overview': answer,
        'GET /api/health': health,
        'GET /api/billing/config': {
          mode: billingMode,
          price: { amountCents: 900, currency: 'usd', interval: 'month', intervalCount: 1 },
          priceUnavailable: null,
        },
      },
    },
  );
  await zoneApplied('Europe/Paris');
  return view;
}

/** A stat card by its title: what it shows (the value) and its note. */
async function stat(title: string) {
  const heading = await screen.findByRole('heading', { name: title });
  const card = heading.closest('[data-testid="admin-stat"]') as HTMLElement;
  const [value, note] = within(card).getAllByText((_, element) => element?.tagName === 'P');
  return { value: value?.textContent, note: note?.textContent ?? null, card: within(card) };
}

describe('OverviewTab: the server process', () => {
  it("shows the event loop's delay from the administrator's health detail", async () => {
    await renderOverview(overview({}), {
      status: 'ok',
      eventLoop: { p50Ms: 1.2, p99Ms: 14.5, maxMs: 130.25, windowSeconds: 95 },
    });
    expect(await stat('Event-loop delay (p99)')).toMatchObject({
      value: '14.5 ms',
      note: 'Longest 130.25 ms over the last 2 min of this process',
    });
  });

  it('says "—" and why when the delay is unknown', async () => {
    await renderOverview(overview({}), { status: 503, body: { status: 'degraded' } });
    expect(await stat('Event-loop delay (p99)')).toMatchObject({
      value: '—None',
      note: 'Could not read the server’s health',
    });
  });
});

describe('OverviewTab: members and revenue', () => {
  it('splits Premium members and estimates revenue from the paying ones at the provider’s price', async () => {
    await renderOverview(overview({}));
    expect(await stat('Premium Users')).toMatchObject({
      value: '30',
      note: '22 paying · 3 granted by admins · 5 complimentary',
    });
    expect(await stat('Monthly Revenue')).toMatchObject({
      value: '$198',
      note: 'Estimated: 22 paying × $9 per month; billed: $189 recurring',
    });
  });

  it('marks the revenue as test mode, nothing charged, while payments are in test mode', async () => {
    await renderOverview(
      overview({}, { payingPremiumUsers: 1, estimatedMonthlyRevenueCents: 900, recurringRevenueCents: 900 }),
      undefined,
      'test',
    );
    await waitFor(async () =>
      expect((await stat('Monthly Revenue')).note).toBe(
        'Estimated: 1 paying × $9 per month; billed: $9 recurring (test mode: nothing charged)',
      ),
    );
  });

  it('names members on trial or with a failed payment, and shows a price that is not $9', async () => {
    await renderOverview(
      overview(
        {},
        {
          premiumUsers: 5,
          payingPremiumUsers: 2,
          unpaidPremiumUsers: 1,
          grantedPremiumUsers: 1,
          complimentaryUsers: 1,
          premiumPrice: { amountCents: 1_250, currency: 'eur', interval: 'month', intervalCount: 1 },
          estimatedMonthlyRevenueCents: 2_500,
          recurringRevenueCents: 1_250,
        },
      ),
    );
    expect((await stat('Premium Users')).note).toBe(
      '2 paying · 1 granted by admins · 1 complimentary · 1 on trial or with a failed payment',
    );
    expect(await stat('Monthly Revenue')).toMatchObject({
      value: '€25',
      note: 'Estimated: 2 paying × €12.50 per month; billed: €12.50 recurring',
    });
  });

  it('shows "—" and why when Premium’s price cannot be read', async () => {
    await renderOverview(
      overview(
        {},
        {
          premiumPrice: null,
          estimatedMonthlyRevenueCents: null,
          revenueUnknownReason: "Premium's price is unknown: The payment provider could not be reached",
        },
      ),
    );
    const revenue = await stat('Monthly Revenue');
    expect(revenue.card.getByText('—')).toBeTruthy();
    expect(revenue.card.getByText('Unknown').className).toContain('sr-only');
    expect(revenue.note).toBe(
      "Premium's price is unknown: The payment provider could not be reached; billed: $189 recurring",
    );
  });
});

describe('OverviewTab: questions to the analysts', () => {
  it('shows the open questions, first response times as hours and minutes, and the weekly average', async () => {
    await renderOverview(overview({}));
    expect(await stat('Open questions')).toMatchObject({ value: '4', note: '3 waiting for a reply' });
    const answered = '7 of 9 questions asked in the last 30 days answered';
    expect(await stat('First response (median)')).toMatchObject({ value: '3 h 12 min', note: answered });
    expect(await stat('First response (90th percentile)')).toMatchObject({
      value: '1 d 3 h',
      note: answered,
    });
    expect(await stat('Questions per week')).toMatchObject({
      value: '2.3',
      note: `Average of the last 4 weeks since ${paris.shortDate(weeks[3]!.start)}; newest first: 3, 2, 4, 0`,
    });
  });

  it('shows "—" and why when no question asked in the last 30 days was answered', async () => {
    await renderOverview(
      overview({
        open: 2,
        awaitingReply: 2,
        firstResponseMedianSeconds: null,
        firstResponseP90Seconds: null,
        answeredLast30Days: 0,
        askedLast30Days: 2,
        weeks: weeks.map((week) => ({ ...week, count: 1 })),
      }),
    );
    for (const title of ['First response (median)', 'First response (90th percentile)']) {
      const { card, note } = await stat(title);
      expect(card.getByText('—')).toBeTruthy();
      expect(card.getByText('None').className).toContain('sr-only');
      expect(note).toBe('No answered questions in the last 30 days');
    }
    expect(await stat('Questions per week')).toMatchObject({ value: '1' });
  });

  it('offers Try Again when the overview fails', async () => {
    let fail = true;
    await renderOverview(() =>
      fail
        ? { status: 500, body: { error: { code: 'internal', message: 'Database unavailable' } } }
        : overview({}),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load the overview');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await stat('Open questions')).toMatchObject({ value: '4' });
  });
});
