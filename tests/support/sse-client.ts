export interface SseMessage {
  id?: string;
  event: string;
  data: string;
}

export interface SseClient {
  status: number;
  messages: SseMessage[];
  waitFor(
    event: string,
    predicate?: (message: SseMessage) => boolean,
    timeoutMs?: number,
  ): Promise<SseMessage>;
  close(): void;
}

/** A minimal EventSource over fetch (Node 20 has none), for tests and the SSE benchmark. */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const messages: SseMessage[] = [];
  const waiters = new Set<() => void>();
  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const message: SseMessage = { event: 'message', data: '' };
            for (const line of frame.split('\n')) {
              const [field, ...rest] = line.split(':');
              const value = rest.join(':').replace(/^ /, '');
              if (field === 'id') message.id = value;
              else if (field === 'event') message.event = value;
              else if (field === 'data') message.data += value;
            }
            messages.push(message);
            for (const wake of waiters) wake();
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  return {
    status: response.status,
    messages,
    waitFor: (event, predicate = () => true, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find((message) => message.event === event && predicate(message));
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `No "${event}" event within ${timeoutMs} ms (got ${messages.map((m) => m.event).join(', ')})`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => controller.abort(),
  };
}
