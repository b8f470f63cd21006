import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ServerEventType } from '@/domain/events';

/** The queries each live event refreshes (the one place that maps the wire contract to the cache). */
const refreshes: Record<ServerEventType, readonly (readonly string[])[]> = {
  metrics: [['market', 'metrics']],
  fear_greed: [['market', 'fear-greed']],
  whale: [['whales']],
  sync_log: [['admin', 'sync-logs']],
  api_source: [['admin', 'sources']],
};

/**
 * Listens to GET /api/events while mounted and refreshes what changed. EventSource reconnects by
 * itself (sending Last-Event-ID), so the page recovers from a dropped connection without a reload.
 */
export function useServerEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    const listeners = (Object.keys(refreshes) as ServerEventType[]).map((type) => {
      const listener = () => {
        for (const queryKey of refreshes[type]) void queryClient.invalidateQueries({ queryKey });
      };
      source.addEventListener(type, listener);
      return [type, listener] as const;
    });
    return () => {
      for (const [type, listener] of listeners) source.removeEventListener(type, listener);
      source.close();
    };
  }, [queryClient]);
}
