import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A WebSocket server speaking the part of rippled's API (v2) that our XRPL code uses: `subscribe` to
 * the ledger stream, `ping`, and `ledger` by index or 'validated' with expanded transactions. Tests add
 * ledgers and announce them closed; the real xrpl.js client connects to it.
 */
export interface FakeRippled {
  url: string;
  addLedger(index: number, transactions: unknown[], closeTimeIso?: string): void;
  closeLedger(index: number): void;
  /** Drops every connection (the client should reconnect). */
  dropConnections(): void;
  /** While on, every connection is closed as soon as it opens (a server that keeps hanging up). */
  hangUp(on: boolean): void;
  requests: { command: string; ledger_index?: unknown }[];
  close(): Promise<void>;
}

const RIPPLE_EPOCH = 946_684_800;

export async function startFakeRippled(): Promise<FakeRippled> {
  const ledgers = new Map<number, { transactions: unknown[]; closeTimeIso: string }>();
  const subscribers = new Set<WebSocket>();
  const requests: FakeRippled['requests'] = [];
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  const validated = () => Math.max(0, ...ledgers.keys());
  let hangingUp = false;

  const ledgerReply = (index: number) => {
    const ledger = ledgers.get(index);
    if (!ledger) return null;
    const closeTime = Math.floor(Date.parse(ledger.closeTimeIso) / 1000) - RIPPLE_EPOCH;
    return {
      ledger: {
        ledger_index: index,
        close_time: closeTime,
        close_time_iso: ledger.closeTimeIso.replace('.000Z', 'Z'),
        closed: true,
        transactions: ledger.transactions,
      },
      ledger_index: index,
      validated: true,
    };
  };

  server.on('connection', (socket) => {
    if (hangingUp) return socket.close(1011, 'going away');
    socket.on('message', (raw) => {
      const request = JSON.parse(String(raw)) as {
        id: unknown;
        command: string;
        ledger_index?: unknown;
        streams?: string[];
      };
      requests.push({ command: request.command, ledger_index: request.ledger_index });
      const reply = (result: unknown) =>
        socket.send(
          JSON.stringify({ id: request.id, type: 'response', status: 'success', api_version: 2, result }),
        );
      const fail = (error: string) =>
        socket.send(
          JSON.stringify({
            id: request.id,
            type: 'response',
            status: 'error',
            error,
            error_message: error,
            request,
          }),
        );
      if (request.command === 'server_info') {
        reply({
          info: { build_version: '2.3.0-fake', network_id: 0, validated_ledger: { seq: validated() } },
        });
      } else if (request.command === 'ping') {
        // xrpl.js pings an idle connection and reconnects when the ping fails.
        reply({});
      } else if (request.command === 'subscribe') {
        subscribers.add(socket);
        reply({ ledger_index: validated(), validated_ledgers: `1-${validated()}` });
      } else if (request.command === 'unsubscribe') {
        subscribers.delete(socket);
        reply({});
      } else if (request.command === 'ledger') {
        const index =
          request.ledger_index === 'validated' || request.ledger_index === undefined
            ? validated()
            : Number(request.ledger_index);
        const result = ledgerReply(index);
        if (result) reply(result);
        else fail('lgrNotFound');
      } else {
        fail('unknownCmd');
      }
    });
    socket.on('close', () => subscribers.delete(socket));
  });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `ws://127.0.0.1:${port}`,
    requests,
    addLedger: (index, transactions, closeTimeIso = new Date().toISOString()) =>
      ledgers.set(index, { transactions, closeTimeIso }),
    closeLedger: (index) => {
      const message = JSON.stringify({
        type: 'ledgerClosed',
        ledger_index: index,
        ledger_time: 0,
        txn_count: ledgers.get(index)?.transactions.length ?? 0,
        validated_ledgers: `1-${index}`,
      });
      for (const socket of subscribers) socket.send(message);
    },
    dropConnections: () => {
      for (const socket of server.clients) socket.terminate();
    },
    hangUp: (on) => {
      hangingUp = on;
      if (on) for (const socket of server.clients) socket.close(1011, 'going away');
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of server.clients) socket.terminate();
        server.close(() => resolve());
      }),
  };
}
