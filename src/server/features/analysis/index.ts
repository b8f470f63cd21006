/** What the jobs may use of analysis: the weekly summary mails, to members and to subscribers. */
export { sendNewsletterSummaries } from './newsletter-weekly.service';
export { sendWeeklySummaries } from './weekly-mail.service';
