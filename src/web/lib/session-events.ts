import { isSessionEventType, type SessionEventType } from '@/domain/session/session-events';

type Listener = (type: SessionEventType) => void;

const listeners = new Set<Listener>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('xrp-research-session');

channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (isSessionEventType(event.data)) for (const listener of listeners) listener(event.data);
});

/** Tells this tab and the user's other tabs that the session changed (a sign-out in one signs out all). */
export function emitSessionEvent(type: SessionEventType): void {
  for (const listener of listeners) listener(type);
  channel?.postMessage(type);
}

export function onSessionEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells only the user's other tabs (this tab is about to load a new page). */
export function broadcastSessionEvent(type: SessionEventType): void {
  channel?.postMessage(type);
}
