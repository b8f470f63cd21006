// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ResearchPost } from '@/domain/research/research.schema';
import { member } from '../../../../tests/support/members';
import { renderApp } from '../../../../tests/support/render-app';
import { commentList } from '../../features/community/test-fixtures';
import { Component as ResearchList } from './research';
import { Component as ResearchPostPage } from './research-post';

const FIRST = '11111111-2222-4333-8444-555555555555';
const SECOND = '66666666-7777-4888-9999-aaaaaaaaaaaa';

function post(overrides: Partial<ResearchPost> = {}): ResearchPost {
  return {
    id: FIRST,
    slug: 'escrow-in-2026',
    title: 'Escrow in 2026',
    summary: 'What the monthly releases did.',
    publishedAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    author: 'Research desk',
    body: '## Releases',
    locked: false,
    ...overrides,
  };
}

const comments = (request: string) => request.startsWith('GET /api/comments');

describe('research and its discussions', () => {
  it('shows each card’s comment count from one request for the page', async () => {
    const view = renderApp(<ResearchList />, {
      route: '/research',
      api: {
        'GET /api/research': {
          posts: [post(), post({ id: SECOND, slug: 'odl-volumes', title: 'ODL volumes' })],
          page: 1,
          pageSize: 10,
          total: 2,
        },
        'GET /api/comments/counts': { counts: { [`research:${FIRST}`]: 12, [`research:${SECOND}`]: 1 } },
      },
    });
    const twelve = await screen.findByRole('link', { name: '12 comments: Escrow in 2026' });
    expect(twelve.getAttribute('href')).toBe('/research/escrow-in-2026#comments');
    expect(screen.getByRole('link', { name: '1 comment: ODL volumes' })).toBeTruthy();
    expect(view.requests.filter(comments)).toEqual([
      `GET /api/comments/counts?subjects=${encodeURIComponent(`research:${FIRST},research:${SECOND}`)}`,
    ]);
  });

  it('says "Comments" with no number on a card the counts leave out (a post the reader cannot read)', async () => {
    renderApp(<ResearchList />, {
      route: '/research',
      api: {
        'GET /api/research': {
          posts: [post({ body: null, locked: true })],
          page: 1,
          pageSize: 10,
          total: 1,
        },
        'GET /api/comments/counts': { counts: {} },
      },
    });
    const link = await screen.findByRole('link', { name: 'Comments: Escrow in 2026' });
    expect(link.textContent).toBe('Comments');
    expect(link.getAttribute('href')).toBe('/research/escrow-in-2026#comments');
  });

  it('shows a reader who cannot read the post a note instead of its discussion, and asks for none', async () => {
    const view = renderApp(
      <Routes>
        <Route path="/research/:slug" element={<ResearchPostPage />} />
      </Routes>,
      {
        route: '/research/escrow-in-2026',
        api: { 'GET /api/research/escrow-in-2026': post({ body: null, locked: true }) },
      },
    );
    expect(
      await screen.findByText(
        'Discussions of research posts are for members who can read the post (Premium).',
      ),
    ).toBeTruthy();
    expect(view.requests.filter(comments)).toEqual([]);
    // Where a card's "Comments" link (#comments) lands.
    expect(document.getElementById('comments')?.textContent).toContain('Comments');
  });

  it('shows a Premium member the discussion under the post', async () => {
    const premium = member({ plan: 'premium' });
    const view = renderApp(
      <Routes>
        <Route path="/research/:slug" element={<ResearchPostPage />} />
      </Routes>,
      {
        route: '/research/escrow-in-2026',
        session: premium.session,
        api: {
          ...premium.api,
          'GET /api/research/escrow-in-2026': post(),
          'GET /api/comments': commentList({ subject: `research:${FIRST}` }),
        },
      },
    );
    expect(await screen.findByRole('heading', { name: '1 comment' })).toBeTruthy();
    await waitFor(() =>
      expect(view.requests.filter(comments)).toEqual([
        `GET /api/comments?subject=${encodeURIComponent(`research:${FIRST}`)}&order=newest&page=1`,
      ]),
    );
  });
});
