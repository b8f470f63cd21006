import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FixtureHandler = (
  request: http.IncomingMessage,
  response: http.ServerResponse,
) => void | Promise<void>;

/**
 * An HTTP server on 127.0.0.1 whose routes a test sets and changes as it goes (an upstream that
 * answers, fails, throttles or hangs). Counts the requests each path received.
 */
export interface FixtureServer {
  url: string;
  route(pathname: string, handler: FixtureHandler): void;
  hits(pathname: string): number;
  close(): Promise<void>;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): FixtureHandler {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
}

/** `port` 0 (the default) takes a free one. */
export async function startFixtureServer(port = 0): Promise<FixtureServer> {
  const routes = new Map<string, FixtureHandler>();
  const counts = new Map<string, number>();
  const sockets = new Set<Socket>();
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    counts.set(pathname, (counts.get(pathname) ?? 0) + 1);
    const handler = routes.get(pathname);
    if (!handler) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"error":"no fixture for this path"}');
      return;
    }
    void Promise.resolve(handler(request, response)).catch(() => response.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    route: (pathname, handler) => routes.set(pathname, handler),
    hits: (pathname) => counts.get(pathname) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
