import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { createServerDatabase } from '../tests/support/test-db';

/** The nearest-rank percentile `p` (0–100) of ascending `sorted` values; NaN when there are none. */
export function percentile(sorted: readonly number[], p: number): number {
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
}

export function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

/** A bare node:http server answering every request with exactly this status, headers and body. */
export async function bareServer(status: number, headers: Record<string, string>, body: string | Buffer) {
  const server = http.createServer((_request, response) => {
    response.writeHead(status, headers);
    response.end(body);
  });
  return { server, url: `http://127.0.0.1:${await listen(server)}/` };
}

export type BenchHandle = DatabaseHandle & { drop?: () => Promise<void> };

/**
 * PostgreSQL as a second target when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server: a
 * fresh database on it, dropped after. Without one, a line saying how to measure it too.
 */
export function postgresTargets(bench: string): { label: string; open(): Promise<BenchHandle> }[] {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.log(`\n${bench}: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure PostgreSQL too`);
    return [];
  }
  return [
    {
      label: 'PostgreSQL',
      open: async () => {
        const database = await createServerDatabase(serverUrl);
        const handle = await openDatabase({ kind: 'postgres', url: database.url });
        return { ...handle, drop: database.drop };
      },
    },
  ];
}
