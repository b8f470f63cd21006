import { lazyWorkerPool } from '../../lib/worker-script';
import type { FeedParse, FeedTask } from './feed-worker';

/**
 * One worker thread for feed parsing (ADR 0051): a hostile or huge feed costs that thread its time,
 * never the one answering requests. It starts on the first feed and ends after a minute idle, so an
 * idle server holds no parser.
 */
const parser = lazyWorkerPool<FeedTask, FeedParse>(import.meta.url, 'feed-worker', 1);

/** Parses a feed's body (or CryptoCompare's items) into articles on the parser thread. */
export function parseFeed(task: FeedTask): Promise<FeedParse> {
  return parser.run(task);
}

/** Ends the parser thread (graceful shutdown). */
export const closeFeedParser = (): Promise<void> => parser.close();
