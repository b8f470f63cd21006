import { createHistogram, performance, type RecordableHistogram } from 'node:perf_hooks';
import type { Logger } from './logger';

/** How late this thread's timers ran, over the last one to two windows. */
export interface EventLoopDelay {
  /** null until the first sample. */
  p50Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
  /** How much time the figures cover. */
  windowSeconds: number;
}

export interface EventLoopMonitor {
  read(): EventLoopDelay;
}

const SAMPLE_MS = 20;
const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e4) / 100;

let shared: EventLoopMonitor | undefined;

/** This thread's one monitor (an event loop belongs to its thread), started by its first caller. */
export function eventLoopMonitor(logger: Logger): EventLoopMonitor {
  shared ??= startEventLoopMonitor(logger);
  return shared;
}

/**
 * Measures how late a 20 ms timer fires (the event loop's delay) and keeps the last full window
 * beside the current one. A window whose longest delay passes `stallMs` is logged as a stall: while
 * the loop is held no request of any member is answered.
 */
export function startEventLoopMonitor(
  logger: Logger,
  options: { windowMs?: number; stallMs?: number } = {},
): EventLoopMonitor {
  const windowMs = options.windowMs ?? 60_000;
  const stallMs = options.stallMs ?? 1_000;
  const current: RecordableHistogram = createHistogram();
  const previous: RecordableHistogram = createHistogram();
  let currentSince = performance.now();
  let previousMs = 0;
  let last = performance.now();
  const rotate = (now: number) => {
    if (current.count > 0 && ms(current.max) >= stallMs)
      logger.warn(
        { eventLoopDelayMaxMs: ms(current.max), eventLoopDelayP99Ms: ms(current.percentile(99)) },
        'the event loop stalled: no request was answered meanwhile',
      );
    previous.reset();
    previous.add(current);
    previousMs = now - currentSince;
    current.reset();
    currentSince = now;
  };
  const timer = setInterval(() => {
    const now = performance.now();
    // At least 1 ns: a histogram records positive integers.
    current.record(Math.max(1, Math.round((now - last - SAMPLE_MS) * 1e6)));
    last = now;
    if (now - currentSince >= windowMs) rotate(now);
  }, SAMPLE_MS);
  timer.unref();
  return {
    read() {
      const both = createHistogram();
      both.add(previous);
      both.add(current);
      const empty = both.count === 0;
      return {
        p50Ms: empty ? null : ms(both.percentile(50)),
        p99Ms: empty ? null : ms(both.percentile(99)),
        maxMs: empty ? null : ms(both.max),
        windowSeconds: Math.round((previousMs + performance.now() - currentSince) / 1000),
      };
    },
  };
}
