import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A load balancer in a few lines: each request goes to the next backend in turn, streamed both ways
 * (SSE included), with X-Forwarded-For set and an `x-backend` answer header naming who served it.
 */
export interface RoundRobinProxy {
  url: string;
  /** Requests each backend received, by index. */
  served: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(backends: string[], port = 0): Promise<RoundRobinProxy> {
  const served = backends.map(() => 0);
  const sockets = new Set<Socket>();
  let next = 0;
  const server = http.createServer((request, response) => {
    const index = next;
    next = (next + 1) % backends.length;
    served[index] = (served[index] ?? 0) + 1;
    const target = new URL(request.url ?? '/', backends[index]);
    const upstream = http.request(
      target,
      {
        method: request.method,
        headers: {
          ...request.headers,
          'x-forwarded-for': request.headers['x-forwarded-for'] ?? request.socket.remoteAddress ?? '',
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-backend': String(index) });
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
