/** What the jobs may use of the newsletter. */
export { sendNewsletterSummaries } from './newsletter-weekly.service';
