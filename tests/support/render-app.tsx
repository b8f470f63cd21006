import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { expect, onTestFinished, vi } from 'vitest';
import { signedOutState } from '../../src/domain/session/signed-out';
import type { SessionState } from '../../src/domain/session/session.schema';
import { DatesProvider, ThemeProvider, useDates } from '../../src/web/lib/preferences';
import { SessionProvider } from '../../src/web/lib/session';
import { toasterDemand } from '../../src/web/lib/toast';

/** An answer of the fake API: a JSON body (status 200), or a status with a body. */
type Answer = unknown | { status: number; body: unknown };

export interface RenderAppOptions {
  /** Answers by "METHOD /path" (no query); GET /api/session answers signed out unless given. */
  api?: Record<string, Answer | ((request: Request) => Answer)>;
  /** The page address the component is rendered at. */
  route?: string;
  session?: SessionState;
  /** Renders sonner's toaster before the component, listening (as the app's toaster host does). */
  toasts?: boolean;
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
 * it. A request with no answer gets the API's 404 body, and is listed in `requests`. When the test
 * has finished, the component is unmounted and the stubbed globals (`fetch`, ...) are restored: no
 * afterEach needed. That is after the file's afterEach hooks, so a stub the component still uses
 * while it unmounts is restored with onTestFinished instead (as stubCanvas does).
 */
export function renderApp(ui: ReactElement, options: RenderAppOptions = {}): RenderedApp {
  onTestFinished(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  if (options.toasts) toasterDemand.ready();
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
  // Nor ResizeObserver, which Radix's switches and popovers measure with.
  if (typeof ResizeObserver === 'undefined')
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <SessionProvider>
          <ThemeProvider>
            <DatesProvider>
              {options.toasts && <Toaster />}
              {ui}
            </DatesProvider>
          </ThemeProvider>
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, requests, queryClient };
}

/**
 * Holds the answers to `path` until released (call it after renderApp): the loading state, for as
 * long as the test looks. Returns the release.
 */
export function holdAnswers(path: string) {
  const answer = globalThis.fetch;
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://app');
    if (url.pathname === path) await released;
    return answer(input, init);
  });
  return release;
}

/** The zone the page writes dates in (render it next to the component, then wait with zoneApplied). */
export function ZoneProbe() {
  return <output data-testid="zone">{useDates().settings.timeZone}</output>;
}

/** Waits until the member's saved zone is applied (ZoneProbe shows it), before looking at dates. */
export const zoneApplied = (timeZone: string) =>
  vi.waitFor(() => expect(screen.getByTestId('zone').textContent).toBe(timeZone));
