// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodies } from '../../../../tests/support/forms';
import { holdAnswers, renderApp } from '../../../../tests/support/render-app';
import { FooterNewsletter } from './footer-newsletter';

const box = () => screen.getByLabelText('Newsletter') as HTMLInputElement;
const subscribe = () => screen.getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement;

/** Types into the box one key at a time, as a person does. */
function type(text: string) {
  for (const key of text) fireEvent.input(box(), { target: { value: box().value + key } });
}

describe('FooterNewsletter', () => {
  it('keeps every key typed while its form loads, and sends a submit made meanwhile', async () => {
    const sent = bodies();
    renderApp(<FooterNewsletter />, {
      api: {
        'POST /api/newsletter': (request: Request) => {
          sent.record(request);
          return { message: 'Check your inbox.' };
        },
      },
    });
    // jsdom has no IntersectionObserver: the form loads when the box is used.
    box().focus();
    type('reader@');
    type('example.com');
    fireEvent.submit(box().form!);
    await waitFor(async () => expect(await sent.all()).toEqual([{ email: 'reader@example.com' }]));
    await waitFor(() => expect(box().value).toBe(''));
  });

  it('explains a bad address under the box and sends nothing', async () => {
    const view = renderApp(<FooterNewsletter />);
    box().focus();
    type('reader@');
    fireEvent.click(subscribe());
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(box().getAttribute('aria-invalid')).toBe('true');
    expect(box().value).toBe('reader@');
    expect(view.requests.filter((request) => request.startsWith('POST'))).toEqual([]);
  });

  it("shows the server's refusal under the box and keeps the address", async () => {
    renderApp(<FooterNewsletter />, {
      api: {
        'POST /api/newsletter': {
          status: 429,
          body: { error: { code: 'rate_limited', message: 'Too many sign-ups; try again in 9 minutes' } },
        },
      },
    });
    box().focus();
    type('reader@example.com');
    fireEvent.click(subscribe());
    expect((await screen.findByRole('alert')).textContent).toBe('Too many sign-ups; try again in 9 minutes');
    expect(box().value).toBe('reader@example.com');
  });

  it('says it is subscribing while the request is out', async () => {
    renderApp(<FooterNewsletter />, { api: { 'POST /api/newsletter': { message: 'ok' } } });
    const release = holdAnswers('/api/newsletter');
    box().focus();
    type('reader@example.com');
    fireEvent.click(subscribe());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Subscribing...' })).toBeTruthy());
    release();
    await waitFor(() => expect(subscribe().disabled).toBe(false));
  });
});
