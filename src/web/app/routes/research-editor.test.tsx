// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodies } from '../../../../tests/support/forms';
import { renderApp } from '../../../../tests/support/render-app';
import { Component as ResearchEditor } from './research-editor';

describe('/research/new', () => {
  it('shows each problem at its field and sends nothing', async () => {
    const view = renderApp(<ResearchEditor />, { route: '/research/new' });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Q4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Please enter a title of at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Please write a summary of at least 10 characters')).toBeTruthy();
    expect(screen.getByText('Please write the post')).toBeTruthy();
    expect(view.requests.filter((request) => request.startsWith('POST'))).toEqual([]);
  });

  it('publishes what was written, and keeps it all when the server refuses', async () => {
    const sent = bodies();
    let refuse = true;
    renderApp(<ResearchEditor />, {
      route: '/research/new',
      api: {
        'POST /api/admin/research': (request: Request) => {
          sent.record(request);
          if (refuse)
            return { status: 409, body: { error: { code: 'conflict', message: 'A post has that title.' } } };
          return {
            id: 'post-1',
            slug: 'escrow-in-2026',
            title: 'Escrow in 2026',
            summary: 'What the monthly releases did.',
            body: '## Releases',
            publishedAt: '2026-11-25T10:00:00.000Z',
            updatedAt: '2026-11-25T10:00:00.000Z',
          };
        },
      },
    });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Escrow in 2026' } });
    fireEvent.change(screen.getByLabelText('Summary'), {
      target: { value: 'What the monthly releases did.' },
    });
    fireEvent.change(screen.getByLabelText('Body'), { target: { value: '## Releases' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Published' }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(async () => expect(await sent.all()).toHaveLength(1));
    expect(await sent.all()).toEqual([
      {
        title: 'Escrow in 2026',
        summary: 'What the monthly releases did.',
        body: '## Releases',
        published: true,
      },
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' })).toBeTruthy());
    expect((screen.getByLabelText('Body') as HTMLTextAreaElement).value).toBe('## Releases');
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(async () => expect(await sent.all()).toHaveLength(2));
  });
});
