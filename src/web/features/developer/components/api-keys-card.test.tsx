// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodies, problemAt } from '../../../../../tests/support/forms';
import { member } from '../../../../../tests/support/members';
import { renderApp, type RenderAppOptions } from '../../../../../tests/support/render-app';
import { ApiKeysCard } from './api-keys-card';

const createdAt = '2025-01-01T00:00:00.000Z';
const premium = member({ plan: 'premium' }).session;

const newKey = (name: string) => ({
  id: 'key-1',
  name,
  prefix: 'xrpr_abcd',
  createdAt,
  lastUsedAt: null,
  usage: [],
  key: 'xrpr_abcdefghijklmnopqrstuvwxyz',
});

async function renderCard(api: RenderAppOptions['api'] = {}) {
  const sent = bodies();
  const view = renderApp(<ApiKeysCard />, {
    session: premium,
    api: {
      'GET /api/developer/keys': { keys: [] },
      'POST /api/developer/keys': (request: Request) => {
        sent.record(request);
        return newKey('named');
      },
      ...api,
    },
    toasts: true,
  });
  const name = (await screen.findByLabelText('Key name')) as HTMLInputElement;
  return { view, name, sent };
}

function create(name: HTMLInputElement, value: string) {
  fireEvent.change(name, { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Create Key' }));
}

const creations = (requests: string[]) =>
  requests.filter((request) => request === 'POST /api/developer/keys');

describe('ApiKeysCard: creating a key', () => {
  it('checks the name as the API does before sending it, and keeps it', async () => {
    const { view, name } = await renderCard();
    // The field stops typing at 60; a script or a paste could still put more there.
    const long = 'k'.repeat(61);
    create(name, long);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(problemAt(name)).toBe('Keep the name under 60 characters');
    expect(name.value).toBe(long);
    expect(creations(view.requests)).toEqual([]);
  });

  it('sends the trimmed name, shows the new key once, and empties the field', async () => {
    const { name, sent } = await renderCard();
    create(name, '  Trading bot ');
    const dialog = within(await screen.findByRole('dialog', { name: 'Your new API key' }));
    expect(dialog.getByTestId('new-api-key').textContent).toBe('xrpr_abcdefghijklmnopqrstuvwxyz');
    expect(await sent.all()).toEqual([{ name: 'Trading bot' }]);
    expect(name.value).toBe('');
  });

  it('names a key left unnamed "API key", as before', async () => {
    const { name, sent } = await renderCard();
    create(name, '   ');
    await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(await sent.all()).toEqual([{ name: 'API key' }]);
  });

  it("shows the API's refusal in the form and keeps the name", async () => {
    const { view, name } = await renderCard({
      'POST /api/developer/keys': {
        status: 409,
        body: { error: { code: 'conflict', message: 'You already have 10 active keys.' } },
      },
    });
    create(name, 'Eleventh bot');
    expect((await screen.findByRole('alert')).textContent).toBe('You already have 10 active keys.');
    expect(await screen.findByText('Failed to create API key')).toBeTruthy();
    expect(name.value).toBe('Eleventh bot');
    expect(creations(view.requests)).toEqual(['POST /api/developer/keys']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
