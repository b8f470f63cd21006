import v8 from 'node:v8';
import vm from 'node:vm';
import { BroadcastChannel } from 'node:worker_threads';

/**
 * Starting leaves each thread's heap holding what loading ~2,000 modules, migrating and the first
 * reads allocated: garbage no collection has freed yet, and a young generation grown to its largest
 * (two 16 MB semi-spaces, ADR 0053) that V8 keeps while the process idles. V8 gives that memory back
 * only in a collection that aims to reduce memory (a browser's tab going to the background, or the
 * last resort before running out), which an idle server never triggers on its own. So once the
 * server has started, each of its threads runs one such collection (ADR 0056): about 45 MB per
 * server process.
 */

type GarbageCollector = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

let collector: GarbageCollector | undefined;

/**
 * V8's `gc()`, which it defines in a new context while `--expose-gc` is on: switched on for the one
 * context that hands it over, then off again, so no other code sees a `gc` global.
 */
function garbageCollector(): GarbageCollector {
  if (collector) return collector;
  v8.setFlagsFromString('--expose-gc');
  try {
    collector = vm.runInNewContext('gc') as GarbageCollector;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
  return collector;
}

/**
 * One full, memory-reducing collection of this thread's heap, now; the milliseconds it took (the
 * thread does nothing else meanwhile: ~100 ms for a server process).
 */
export function collectStartupGarbage(): number {
  const gc = garbageCollector();
  const started = performance.now();
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  return performance.now() - started;
}

const CHANNEL = 'xrp-research:startup-memory';

/**
 * In the main thread once the server has started: after `delayMs` (the first requests are answered
 * before the pause), tells every thread that called `collectWhenStarted` (the embedded database's)
 * and collects this thread's garbage. Returns the milliseconds it took, for the log.
 */
export function releaseStartupMemory(delayMs: number): Promise<number> {
  return new Promise((resolve) => {
    setTimeout(() => {
      const channel = new BroadcastChannel(CHANNEL);
      channel.postMessage('started');
      channel.close();
      resolve(collectStartupGarbage());
    }, delayMs).unref();
  });
}

/** In a worker thread: one collection when the main thread says the server has started. */
export function collectWhenStarted(onCollected: (ms: number) => void = () => undefined): void {
  const channel = new BroadcastChannel(CHANNEL);
  // Listening must not keep the thread alive.
  channel.unref();
  channel.onmessage = () => {
    channel.close();
    onCollected(collectStartupGarbage());
  };
}
