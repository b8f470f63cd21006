import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@/web/lib/toast';
import type { ServerEventType } from '@/domain/events';

/** A new alert also shows as a toast while the site is open (the bell keeps it). */
async function announceNotification(data: string) {
  try {
    // Loaded with the first alert, not with every page (it brings the validation library).
    const { notificationSchema } = await import('@/domain/alerts/alerts.schema');
    const notification = notificationSchema.parse(JSON.parse(data));
    toast(notification.title, { description: notification.body });
  } catch {
    // A malformed event only skips the toast; the bell refetches anyway.
  }
}

function subjectOf(data: string): string | null {
  try {
    const parsed: unknown = JSON.parse(data);
    return parsed && typeof parsed === 'object' && 'subject' in parsed && typeof parsed.subject === 'string'
      ? parsed.subject
      : null;
  } catch {
    return null;
  }
}

/** The queries each live event refreshes (the one place that maps the wire contract to the cache). */
const refreshes: Record<ServerEventType, readonly (readonly string[])[]> = {
  metrics: [['market', 'metrics']],
  fear_greed: [['market', 'fear-greed']],
  whale: [['whales']],
  sync_log: [['admin', 'sync-logs']],
  api_source: [['admin', 'sources']],
  // An analyst's answer arrives as the member's notification: their questions show it at once.
  notification: [['notifications'], ['alerts', 'rules'], ['questions']],
  portfolio: [['portfolio']],
  // Plus the discussion the event names (`['comments', subject]`, below).
  comment: [['comment-counts'], ['admin', 'comments']],
};

/**
 * Listens to GET /api/events and refreshes what changed, until the returned function is called.
 * EventSource reconnects by itself (sending Last-Event-ID), so the page recovers from a dropped
 * connection without a reload.
 */
export function listenToServerEvents(queryClient: QueryClient): () => void {
  const source = new EventSource('/api/events');
  const listeners = (Object.keys(refreshes) as ServerEventType[]).map((type) => {
    const listener = (event: MessageEvent<string>) => {
      for (const queryKey of refreshes[type]) void queryClient.invalidateQueries({ queryKey });
      if (type === 'notification') void announceNotification(event.data);
      if (type === 'comment') {
        const subject = subjectOf(event.data);
        if (subject) void queryClient.invalidateQueries({ queryKey: ['comments', subject] });
      }
    };
    source.addEventListener(type, listener);
    return [type, listener] as const;
  });
  return () => {
    for (const [type, listener] of listeners) source.removeEventListener(type, listener);
    source.close();
  };
}
