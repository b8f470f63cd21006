// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodies } from '../../../../tests/support/forms';
import { renderApp } from '../../../../tests/support/render-app';
import { Component as ContactPage } from './contact';

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('/contact', () => {
  it('checks each field where it is, sends nothing, and keeps what was written', async () => {
    const view = renderApp(<ContactPage />);
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'not-an-address' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Too short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please enter your name')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Please write at least 10 characters')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(value('Message')).toBe('Too short');
    expect(view.requests.filter((request) => request.startsWith('POST'))).toEqual([]);
  });

  it('sends the checked message and clears only the message once it is sent', async () => {
    const sent = bodies();
    renderApp(<ContactPage />, {
      api: {
        'POST /api/contact': (request: Request) => {
          sent.record(request);
          return { message: 'Thanks for your message.' };
        },
      },
    });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: ' Ada Lovelace ' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Ada@Example.COM' } });
    fireEvent.change(screen.getByLabelText('Message'), {
      target: { value: 'Where does the whale data come from?' },
    });
    expect(screen.getByText('36 / 5000 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(async () => expect(await sent.all()).toHaveLength(1));
    expect(await sent.all()).toEqual([
      {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        message: 'Where does the whale data come from?',
        website: '',
      },
    ]);
    await waitFor(() => expect(value('Message')).toBe(''));
    expect(value('Name')).toBe(' Ada Lovelace ');
  });
});

describe('/contact refused by the server', () => {
  it('shows the refusal in the form, where it stays, and keeps the message', async () => {
    renderApp(<ContactPage />, {
      api: {
        'POST /api/contact': {
          status: 429,
          body: { error: { code: 'rate_limited', message: 'Too many messages sent; try again in an hour' } },
        },
      },
    });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'A question about the data.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many messages sent; try again in an hour',
    );
    expect(value('Message')).toBe('A question about the data.');
  });
});
