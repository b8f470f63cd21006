import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Listens to GET /api/events while `identity` is set and refreshes what changed (the events and the
 * queries they refresh: server-event-stream.ts). A new identity (another user signed in) opens a new
 * stream with its cookie. The stream's code loads once a page opens one, not with every page: a
 * visitor's home page never does.
 */
export function useServerEvents(identity: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (identity === null || typeof EventSource === 'undefined') return;
    let stop: (() => void) | undefined;
    let stopped = false;
    import('./server-event-stream')
      .then(({ listenToServerEvents }) => {
        if (!stopped) stop = listenToServerEvents(queryClient);
      })
      // Not downloaded (offline): the page's data still refreshes on focus and on reconnect.
      .catch(() => undefined);
    return () => {
      stopped = true;
      stop?.();
    };
  }, [queryClient, identity]);
}
