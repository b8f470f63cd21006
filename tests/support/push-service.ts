import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

export interface PushRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A browser's side of a push subscription: its ECDH key pair and auth secret. */
export interface BrowserKeys {
  p256dh: string;
  auth: string;
  decrypt(body: Buffer): string;
}

export function browserKeys(): BrowserKeys {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: auth.toString('base64url'),
    decrypt: (body) =>
      ece
        .decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') })
        .toString('utf8'),
  };
}

/**
 * A push service on 127.0.0.1 (what FCM or Mozilla's autopush are to a browser): it accepts the
 * encrypted POSTs web-push makes, answers 201, or 410 for an endpoint marked gone.
 */
export async function startPushService() {
  const requests: PushRequest[] = [];
  const gone = new Set<string>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      requests.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(gone.has(path) ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    markGone: (path: string) => gone.add(path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
