import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { sessionQuery } from './lib/session';
import { preferencesQuery } from './lib/preferences/preferences-query';
import { preloadPage } from './app/router';
import { createQueryClient } from './lib/query-client';
import { cn } from './lib/cn';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// Both start now rather than once the first render has run: a guarded page waits for the session,
// and every page but the home page for its chunk.
const queryClient = createQueryClient();
// A member's preferences follow as soon as the session names them, so the page's first dates are
// written in their saved zone, not in the device's and then again.
void queryClient.fetchQuery(sessionQuery).then(
  ({ user }) => user && queryClient.prefetchQuery(preferencesQuery(user.id)),
  () => undefined,
);
const root = createRoot(container);
// tailwind-merge builds its table of class groups on its first call: 10–20 ms, four times that on a
// phone. Built in a task of its own while the page's chunk loads, it does not lengthen a task of the
// first render (Lighthouse's total blocking time counts each task's time beyond 50 ms).
setTimeout(() => cn('p-0'));
// The first render waits for the page's chunk (index.html shows the same spinner meanwhile): begun
// without it, the page suspends, and React reveals a boundary that has shown its fallback no sooner
// than 300 ms later (ADR 0028).
void preloadPage(window.location.pathname).then(() => {
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page (Lighthouse's total blocking time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
});
