// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodies } from '../../../../tests/support/forms';
import { renderApp } from '../../../../tests/support/render-app';
import { FooterNewsletter } from './footer-newsletter';

const box = () => screen.getByLabelText('Newsletter') as HTMLInputElement;
const subscribe = () => screen.getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement;

describe('FooterNewsletter', () => {
  it('keeps what was typed before its form loaded, and subscribes that address', async () => {
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
    expect(subscribe().disabled).toBe(true);
    box().focus();
    fireEvent.change(box(), { target: { value: 'Reader@Example.com' } });
    await waitFor(() => expect(subscribe().disabled).toBe(false));
    expect(box().value).toBe('Reader@Example.com');
    expect(document.activeElement).toBe(box());
    fireEvent.click(subscribe());
    await waitFor(async () => expect(await sent.all()).toEqual([{ email: 'reader@example.com' }]));
    await waitFor(() => expect(box().value).toBe(''));
  });

  it('explains a bad address under the box and sends nothing', async () => {
    const view = renderApp(<FooterNewsletter />);
    box().focus();
    await waitFor(() => expect(subscribe().disabled).toBe(false));
    fireEvent.change(box(), { target: { value: 'reader@' } });
    fireEvent.click(subscribe());
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(box().getAttribute('aria-invalid')).toBe('true');
    expect(view.requests.filter((request) => request.startsWith('POST'))).toEqual([]);
  });
});
