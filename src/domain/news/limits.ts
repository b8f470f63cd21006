/** The news list shows 50 articles; paging goes beyond. At most 100 per request. */
export const NEWS_PAGE_SIZE = 50;
export const MAX_NEWS_PAGE_SIZE = 100;
