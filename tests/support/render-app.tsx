import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { signedOutState } from '../../src/domain/session/signed-out';
import type { SessionState } from '../../src/domain/session/session.schema';
import { DatesProvider, ThemeProvider } from '../../src/web/features/preferences';
import { SessionProvider } from '../../src/web/lib/session';

/** An answer of the fake API: a JSON body (status 200), or a status with a body. */
type Answer = unknown | { status: number; body: unknown };

export interface RenderAppOptions {
  /** Answers by "METHOD /path" (no query); GET /api/session answers signed out unless given. */
  api?: Record<string, Answer | ((request: Request) => Answer)>;
  /** The page address the component is rendered at. */
  route?: string;
  session?: SessionState;
}

export interface RenderedApp extends RenderResult {
  /** Every request the component made, as "METHOD /path?query". */
  requests: string[];
  queryClient: QueryClient;
}

const isAnswer = (value: unknown): value is { status: number; body: unknown } =>
  typeof value === 'object' && value !== null && 'status' in value && 'body' in value;

/**
 * Renders a component inside the app's own providers (query client, router, session, dates, theme)
 * with `fetch` answering from `api`: what a component test needs to see a component as the app shows
 * it. A request with no answer gets the API's 404 body, and is listed in `requests`.
 */
export function renderApp(ui: ReactElement, options: RenderAppOptions = {}): RenderedApp {
  const requests: string[] = [];
  const api: Record<string, unknown> = {
    'GET /api/session': options.session ?? signedOutState,
    ...options.api,
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://app'), init);
    const url = new URL(request.url, 'http://app');
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    const entry = api[`${request.method} ${url.pathname}`];
    const answer = typeof entry === 'function' ? (entry as (request: Request) => unknown)(request) : entry;
    const { status, body } =
      entry === undefined
        ? { status: 404, body: { error: { code: 'not_found', message: `No API route for ${url.pathname}` } } }
        : isAnswer(answer)
          ? answer
          : { status: 200, body: answer };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  // jsdom has no matchMedia: the system theme is light.
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: false,
    media,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <SessionProvider>
          <ThemeProvider>
            <DatesProvider>{ui}</DatesProvider>
          </ThemeProvider>
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, requests, queryClient };
}
