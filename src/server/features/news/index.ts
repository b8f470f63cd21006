/** What other features and the jobs may use of news. */
export { readFeed, storeArticles, type FeedRow } from './ingest';
export { listNews } from './news.service';
export { enabledFeeds, ensureDefaultFeeds, recordFeedError, recordFeedRead } from './feed-sync.service';
