import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startEventLoopMonitor } from './event-loop';
import { createLogger } from './logger';

const hold = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until);
};
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('event loop monitor', () => {
  it('reports a held event loop, and logs the window that stalled', async () => {
    const lines: string[] = [];
    const logger = createLogger(
      'warn',
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    const monitor = startEventLoopMonitor(logger, { windowMs: 1_000, stallMs: 250 });
    expect(monitor.read().maxMs).toBeNull();
    await wait(60);
    hold(400);
    await wait(100);
    const delay = monitor.read();
    expect(delay.maxMs).toBeGreaterThanOrEqual(350);
    expect(delay.p50Ms).toBeLessThan(delay.maxMs ?? 0);
    expect(lines).toEqual([]);
    // The window ends: the stall is logged, and the figures still cover it.
    await wait(750);
    expect(monitor.read().maxMs).toBeGreaterThanOrEqual(350);
    const stall = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.msg);
    expect(stall).toMatchObject({
      msg: 'the event loop stalled: no request was answered meanwhile',
      eventLoopDelayMaxMs: expect.any(Number),
    });
    expect(stall?.eventLoopDelayMaxMs).toBeGreaterThanOrEqual(350);
  });
});
