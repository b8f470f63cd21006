// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { NewsArticlePage } from '@/domain/news/news.schema';
import { freezeDate } from '../../../../tests/support/clock';
import { member } from '../../../../tests/support/members';
import { renderApp, ZoneProbe, zoneApplied } from '../../../../tests/support/render-app';
import { commentList, participation } from '../../features/community/test-fixtures';
import { Component as NewsArticle } from './news-article';

freezeDate(new Date('2026-11-25T12:00:00.000Z'));

const ID = '5f0c2b8e-6a43-4c8e-9a57-3d1f0e2b7c11';

function article(overrides: Partial<NewsArticlePage> = {}): NewsArticlePage {
  return {
    id: ID,
    title: 'Spot XRP funds log a third week of net inflows',
    text: 'Funds tracking XRP took in',
    url: 'https://cointelegraph.com/news/xrp-etf-flows',
    imageUrl: 'https://images.example.com/xrp.png',
    sourceName: 'Cointelegraph',
    categories: ['XRP', 'MARKET'],
    publishedAt: '2026-11-24T08:15:00.000Z',
    dated: true,
    summary: 'Funds tracking XRP took in $120M.\n\nAnalysts expect more.',
    truncated: true,
    ...overrides,
  };
}

function renderArticle(answer: unknown, options: { signedIn?: boolean } = {}) {
  const tokyo = member({ timezone: 'Asia/Tokyo', preferences: { dateFormat: 'EU' } });
  return renderApp(
    <>
      <ZoneProbe />
      <Routes>
        <Route path="/news/:id" element={<NewsArticle />} />
      </Routes>
    </>,
    {
      route: `/news/${ID}`,
      ...(options.signedIn ? { session: tokyo.session } : {}),
      api: {
        ...(options.signedIn ? tokyo.api : {}),
        [`GET /api/news/${ID}`]: answer,
        'GET /api/comments': commentList({
          participation: participation({
            status: 'guest',
            message: 'Sign in to join the discussion',
            profile: null,
          }),
        }),
      },
    },
  );
}

describe('/news/:id', () => {
  it('shows the article with its source, its date in the member’s zone, the summary and a link out', async () => {
    const view = renderArticle(article(), { signedIn: true });
    await zoneApplied('Asia/Tokyo');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(article().title);
    expect(screen.getByText('Cointelegraph')).toBeTruthy();
    const time = document.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe('2026-11-24T08:15:00.000Z');
    // 08:15 UTC is 17:15 in Tokyo; EU order.
    expect(time.textContent).toBe('24 Nov, 17:15');
    expect(screen.getByTestId('news-summary').textContent).toBe(
      'Funds tracking XRP took in $120M.\n\nAnalysts expect more.…',
    );
    const out = screen.getByRole('link', { name: /Continue reading at Cointelegraph/ });
    expect(out.getAttribute('href')).toBe('https://cointelegraph.com/news/xrp-etf-flows');
    expect(out.getAttribute('target')).toBe('_blank');
    expect(out.getAttribute('rel')).toBe('noopener noreferrer');
    expect(document.querySelector('img')?.getAttribute('src')).toBe('https://images.example.com/xrp.png');
    // The discussion below it, of this article.
    const discussion = await screen.findByRole('region', { name: /comment/i });
    await waitFor(() =>
      expect(view.requests).toContain(`GET /api/comments?subject=news%3A${ID}&order=newest&page=1`),
    );
    expect(within(discussion).getByRole('heading', { level: 2 })).toBeTruthy();
  });

  it('says when an undated article was first seen, and shows no image it does not have', async () => {
    renderArticle(article({ dated: false, imageUrl: null }));
    expect((await screen.findByTestId('news-undated')).textContent).toMatch(/^Undated · first seen /);
    expect(document.querySelector('img')).toBeNull();
  });

  it('leads a member back to the news, and a guest (for whom the news list is closed) to the home page', async () => {
    const member = renderArticle(article(), { signedIn: true });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'All news' }).getAttribute('href')).toBe('/news');
    member.unmount();

    renderArticle(article());
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(document.querySelector('a[href="/news"]')).toBeNull();
  });

  it('offers a guest on a missing article the home page and signing in, not the members’ news list', async () => {
    renderArticle({
      status: 404,
      body: { error: { code: 'not_found', message: 'This article does not exist (or no longer does).' } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Article not found' });
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Sign in to read the news' }).getAttribute('href')).toBe('/auth');
    expect(document.querySelector('a[href="/news"]')).toBeNull();
  });

  it('answers an unknown article with the not-found page', async () => {
    renderArticle({
      status: 404,
      body: { error: { code: 'not_found', message: 'This article does not exist (or no longer does).' } },
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Article not found');
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /comment/i })).toBeNull();
  });
});
