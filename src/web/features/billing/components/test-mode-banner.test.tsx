// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestModeBanner } from './test-mode-banner';

/** Renders the banner with GET /api/billing/config answering `answer` (never, when undefined). */
function showWith(answer: { mode: 'test' | 'stripe' } | undefined) {
  const requested: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    requested.push(String(input instanceof Request ? input.url : input));
    if (!answer) return new Promise<Response>(() => undefined);
    return Promise.resolve(
      new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } }),
    );
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <TestModeBanner />
    </QueryClientProvider>,
  );
  return { ...view, requested };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TestModeBanner', () => {
  it('says on the page that payments are in test mode when the server runs it', async () => {
    const { requested } = showWith({ mode: 'test' });
    const banner = await screen.findByRole('complementary', { name: 'Payments' });
    expect(banner.textContent).toBe('Payments are in test mode: no card is charged.');
    expect(requested).toEqual(['/api/billing/config']);
  });

  it('is a bar in the page flow, not laid over the content or dialogs', async () => {
    showWith({ mode: 'test' });
    const banner = await screen.findByRole('complementary', { name: 'Payments' });
    // The review found the fixed corner note over fields, cards and dialog overlays.
    expect(banner.className.split(/\s+/)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(fixed|absolute|sticky|z-\d+)$/)]),
    );
    expect(banner.getAttribute('title')).toBeNull();
  });

  it('takes no space with Stripe, nor while the mode is not known', async () => {
    const stripe = showWith({ mode: 'stripe' });
    await waitFor(() => expect(stripe.requested).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stripe.container.innerHTML).toBe('');
    cleanup();
    const pending = showWith(undefined);
    expect(pending.container.innerHTML).toBe('');
  });
});
