import { alertsJob } from './alerts.job';
import { billingRenewalsJob } from './billing-renewals.job';
import { fearGreedJob } from './fear-greed.job';
import type { SyncJob } from './job';
import { marketMetricsJob } from './market-metrics.job';
import { newsJob } from './news.job';
import { newsletterJob } from './newsletter.job';
import { portfolioJob } from './portfolio.job';
import { pruneExpiredJob } from './prune-expired.job';
import { pruneHistoryJob } from './prune-history.job';
import type { TaskDefinition } from './task';
import { weeklySummaryJob } from './weekly-summary.job';
import { xrplWhalesJob } from './xrpl-whales.job';

/** The job for each api_type. A source whose type has no job cannot be synced ('Unsupported API type'). */
const jobs: readonly SyncJob[] = [marketMetricsJob, fearGreedJob, xrplWhalesJob, newsJob];

export function jobFor(apiType: string): SyncJob | undefined {
  return jobs.find((job) => job.apiType === apiType);
}

export function supportedApiTypes(): string[] {
  return jobs.map((job) => job.apiType);
}

/** The background tasks that are not a source's sync, run by the scheduler under their own lease. */
export const tasks: readonly TaskDefinition[] = [
  alertsJob,
  weeklySummaryJob,
  newsletterJob,
  billingRenewalsJob,
  pruneExpiredJob,
  pruneHistoryJob,
  portfolioJob,
];
