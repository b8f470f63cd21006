import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { sessionQuery } from './lib/session';
import { preloadPage } from './app/router';
import { createQueryClient } from './lib/query-client';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// Both start now rather than once the first render has run: a guarded page waits for the session,
// and every page but the home page for its chunk.
const queryClient = createQueryClient();
void queryClient.prefetchQuery(sessionQuery);
const root = createRoot(container);
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
