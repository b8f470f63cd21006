/** What other features and the jobs may use of news. */
export { readFeed, type FeedRow } from './ingest';
export { listNews } from './news.service';
export {
  enabledFeeds,
  ensureDefaultFeeds,
  recordFeedError,
  recordFeedRead,
  storeArticles,
} from './feed-sync.service';
