import { Piscina } from 'piscina';
import { workerScript } from '../../lib/worker-script';
import type { FeedParse, FeedTask } from './feed-worker';

let pool: Piscina<FeedTask, FeedParse> | undefined;

/**
 * One worker thread for feed parsing (ADR 0051): a hostile or huge feed costs that thread its time,
 * never the one answering requests. It starts on the first feed and ends after a minute idle, so an
 * idle server holds no parser.
 */
function parserPool(): Piscina<FeedTask, FeedParse> {
  if (!pool) {
    const script = workerScript(import.meta.url, 'feed-worker');
    pool = new Piscina<FeedTask, FeedParse>({
      filename: script.url.href,
      execArgv: script.execArgv,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 60_000,
    });
  }
  return pool;
}

/** Parses a feed's body (or CryptoCompare's items) into articles on the parser thread. */
export function parseFeed(task: FeedTask): Promise<FeedParse> {
  return parserPool().run(task);
}

/** Ends the parser thread (graceful shutdown). */
export async function closeFeedParser(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.close({ force: true });
}
