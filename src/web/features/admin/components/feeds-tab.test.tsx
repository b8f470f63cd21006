// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RssFeedDto } from '@/domain/news/news.schema';
import { bodies, problemAt } from '../../../../../tests/support/forms';
import { renderApp } from '../../../../../tests/support/render-app';
import { FeedsTab } from './feeds-tab';

const stored: RssFeedDto = {
  id: 'feed-1',
  name: 'Ledger Weekly',
  url: 'https://example.com/ledger.xml',
  description: 'Weekly notes',
  feedType: 'rss',
  category: 'TECHNOLOGY',
  enabled: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  lastFetchedAt: null,
  lastError: null,
  lastItemCount: null,
};

const writes = (requests: string[]) => requests.filter((request) => !request.startsWith('GET'));

async function openDialog(button: string) {
  fireEvent.click(await screen.findByRole('button', { name: button }));
  return within(await screen.findByRole('dialog'));
}

function type(dialog: ReturnType<typeof within>, label: string, value: string) {
  const input = dialog.getByLabelText(label) as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
  return input;
}

describe('FeedsTab feed list', () => {
  it('shows each feed as a card: the whole address, type and category, its item count in the right number', async () => {
    const longUrl = 'http://127.0.0.1:4010/feeds/a-very-long-path/that-would-not-fit-a-phone.xml';
    renderApp(<FeedsTab />, {
      api: {
        'GET /api/admin/feeds': [
          { ...stored, url: longUrl, lastFetchedAt: new Date().toISOString(), lastItemCount: 1 },
          {
            ...stored,
            id: 'feed-2',
            name: 'Ripple Blog',
            lastFetchedAt: new Date().toISOString(),
            lastItemCount: 3,
          },
        ],
      },
    });
    const [first, second] = await screen.findAllByTestId('admin-feed');
    const url = within(first!).getByTestId('admin-feed-url');
    expect(url.textContent).toBe(longUrl);
    expect(url.className.split(' ')).toContain('break-all');
    expect(url.className.split(' ')).not.toContain('truncate');
    expect(first!.textContent).toContain('rss · TECHNOLOGY');
    expect(first!.textContent).toContain('· 1 item');
    expect(first!.textContent).not.toContain('1 items');
    expect(second!.textContent).toContain('· 3 items');
    // On phones the card stacks: the switch and buttons get a row of their own below the text.
    expect(first!.className.split(' ')).toEqual(expect.arrayContaining(['flex-col', 'sm:flex-row']));
    const actions = within(first!).getByTestId('admin-feed-actions');
    expect(within(actions).getByRole('switch', { name: 'Ledger Weekly enabled' })).toBeTruthy();
    expect(within(actions).getByRole('button', { name: 'Edit Ledger Weekly' })).toBeTruthy();
    expect(first!.lastElementChild).toBe(actions);
  });
});

describe('FeedsTab feed form', () => {
  it('checks the name and the address before sending anything, and keeps what was typed', async () => {
    const view = renderApp(<FeedsTab />, { api: { 'GET /api/admin/feeds': [] } });
    const dialog = await openDialog('Add Feed');
    const url = type(dialog, 'URL', 'ftp://example.com/feed');
    fireEvent.click(dialog.getByRole('button', { name: 'Add Feed' }));
    const name = dialog.getByLabelText('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(problemAt(name)).toBe('Name is required');
    expect(problemAt(url)).toBe('Enter an http or https URL');
    expect(url.value).toBe('ftp://example.com/feed');
    expect(writes(view.requests)).toEqual([]);
  });

  it("shows the server's refusal in the dialog and loses nothing", async () => {
    const view = renderApp(<FeedsTab />, {
      api: {
        'GET /api/admin/feeds': [],
        'POST /api/admin/feeds': {
          status: 409,
          body: { error: { code: 'conflict', message: 'A feed with this URL already exists' } },
        },
      },
    });
    const dialog = await openDialog('Add Feed');
    const name = type(dialog, 'Name', 'Ledger Weekly');
    type(dialog, 'URL', 'https://example.com/ledger.xml');
    fireEvent.click(dialog.getByRole('button', { name: 'Add Feed' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('A feed with this URL already exists');
    expect(writes(view.requests)).toEqual(['POST /api/admin/feeds']);
    expect(name.value).toBe('Ledger Weekly');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('creates a feed with the defaults (cryptocompare, XRP, enabled), then closes', async () => {
    const sent = bodies();
    renderApp(<FeedsTab />, {
      api: {
        'GET /api/admin/feeds': [],
        'POST /api/admin/feeds': (request: Request) => {
          sent.record(request);
          return { status: 201, body: stored };
        },
      },
    });
    const dialog = await openDialog('Add Feed');
    expect((dialog.getByLabelText('Type') as HTMLSelectElement).value).toBe('cryptocompare');
    expect((dialog.getByLabelText('Category') as HTMLSelectElement).value).toBe('XRP');
    type(dialog, 'Name', ' Ledger Weekly ');
    type(dialog, 'URL', 'https://example.com/ledger.xml');
    fireEvent.click(dialog.getByRole('button', { name: 'Add Feed' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sent.all()).toEqual([
      {
        name: 'Ledger Weekly',
        url: 'https://example.com/ledger.xml',
        description: null,
        feedType: 'cryptocompare',
        category: 'XRP',
        enabled: true,
      },
    ]);
  });

  it("edits a feed: its values are filled in and the changes are sent to the feed's address", async () => {
    const sent = bodies();
    renderApp(<FeedsTab />, {
      api: {
        'GET /api/admin/feeds': [stored],
        'PATCH /api/admin/feeds/feed-1': (request: Request) => {
          sent.record(request);
          return { ...stored, category: 'MARKET', enabled: false };
        },
      },
    });
    const dialog = await openDialog('Edit Ledger Weekly');
    expect((dialog.getByLabelText('Type') as HTMLSelectElement).value).toBe('rss');
    fireEvent.change(dialog.getByLabelText('Category'), { target: { value: 'MARKET' } });
    fireEvent.click(dialog.getByRole('switch', { name: 'Enabled' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sent.all()).toEqual([
      {
        name: 'Ledger Weekly',
        url: 'https://example.com/ledger.xml',
        description: 'Weekly notes',
        feedType: 'rss',
        category: 'MARKET',
        enabled: false,
      },
    ]);
  });
});
