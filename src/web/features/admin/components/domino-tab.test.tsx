// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminDominoEvent } from '@/domain/domino/domino.schema';
import { bodies, problemAt } from '../../../../../tests/support/forms';
import { renderApp } from '../../../../../tests/support/render-app';
import { DominoTab } from './domino-tab';

const stored: AdminDominoEvent = {
  id: 'event-1',
  date: '2025-03-01',
  institution: 'Old Bank',
  event: 'Runs a pilot',
  impact: 'Low',
  priceImpact: null,
  isActive: true,
  displayOrder: 1,
  createdBy: null,
  updatedBy: null,
  createdAt: '2025-03-01T00:00:00.000Z',
  updatedAt: '2025-03-01T00:00:00.000Z',
};

const writes = (requests: string[]) => requests.filter((request) => !request.startsWith('GET'));

async function openDialog(button: string) {
  fireEvent.click(await screen.findByRole('button', { name: button }));
  return within(await screen.findByRole('dialog'));
}

function type(dialog: ReturnType<typeof within>, label: string, value: string) {
  const input = dialog.getByLabelText(label, { exact: true }) as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
  return input;
}

describe('DominoTab event form', () => {
  it('asks for the institution and the event before sending anything, and keeps what was typed', async () => {
    const view = renderApp(<DominoTab />, { api: { 'GET /api/admin/domino-events': [] } });
    const dialog = await openDialog('Add Event');
    const institution = type(dialog, 'Institution', '   ');
    const priceImpact = type(dialog, 'Price impact', '+5%');
    fireEvent.click(dialog.getByRole('button', { name: 'Add Event' }));
    await waitFor(() => expect(institution.getAttribute('aria-invalid')).toBe('true'));
    expect(problemAt(institution)).toBe('Institution is required');
    expect(dialog.getByText('Event is required')).toBeTruthy();
    expect(document.activeElement).toBe(institution);
    expect(priceImpact.value).toBe('+5%');
    expect(writes(view.requests)).toEqual([]);
  });

  it("shows the server's refusal in the dialog and loses nothing", async () => {
    const view = renderApp(<DominoTab />, {
      api: {
        'GET /api/admin/domino-events': [],
        'POST /api/admin/domino-events': {
          status: 400,
          body: { error: { code: 'validation_error', message: 'That event is already tracked' } },
        },
      },
    });
    const dialog = await openDialog('Add Event');
    const institution = type(dialog, 'Institution', 'New Bank');
    type(dialog, 'Event', 'Settles on the XRP Ledger');
    fireEvent.click(dialog.getByRole('button', { name: 'Add Event' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('That event is already tracked');
    expect(writes(view.requests)).toEqual(['POST /api/admin/domino-events']);
    expect(institution.value).toBe('New Bank');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('creates an event with Medium impact by default, trimmed, then closes', async () => {
    const sent = bodies();
    renderApp(<DominoTab />, {
      api: {
        'GET /api/admin/domino-events': [],
        'POST /api/admin/domino-events': (request: Request) => {
          sent.record(request);
          return { status: 201, body: stored };
        },
      },
    });
    const dialog = await openDialog('Add Event');
    type(dialog, 'Date', '2025-04-02');
    type(dialog, 'Institution', '  New Bank ');
    type(dialog, 'Event', 'Settles on the XRP Ledger');
    fireEvent.click(dialog.getByLabelText('Active (shown in the tracker)'));
    fireEvent.click(dialog.getByRole('button', { name: 'Add Event' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sent.all()).toEqual([
      {
        date: '2025-04-02',
        institution: 'New Bank',
        event: 'Settles on the XRP Ledger',
        impact: 'Medium',
        priceImpact: null,
        isActive: false,
      },
    ]);
  });

  it("edits an event: its values are filled in and the whole event is sent to the event's address", async () => {
    const sent = bodies();
    renderApp(<DominoTab />, {
      api: {
        'GET /api/admin/domino-events': [stored],
        'PATCH /api/admin/domino-events/event-1': (request: Request) => {
          sent.record(request);
          return { ...stored, impact: 'High' };
        },
      },
    });
    const dialog = await openDialog('Edit Old Bank');
    expect((dialog.getByLabelText('Institution') as HTMLInputElement).value).toBe('Old Bank');
    fireEvent.change(dialog.getByLabelText('Impact'), { target: { value: 'High' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sent.all()).toEqual([
      {
        date: '2025-03-01',
        institution: 'Old Bank',
        event: 'Runs a pilot',
        impact: 'High',
        priceImpact: null,
        isActive: true,
      },
    ]);
  });
});
