/** What other features may use of the news feature. */
export { headlinesQuery } from './api/news';
