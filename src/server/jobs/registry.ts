import { alertsJob } from './alerts.job';
import { billingTestRenewalsJob } from './billing-test-renewals.job';
import { fearGreedJob } from './fear-greed.job';
import { flowAlertsJob } from './flow-alerts.job';
import type { JobDefinition, SourceSync } from './job';
import { marketMetricsJob } from './market-metrics.job';
import { newsJob } from './news.job';
import { newsletterJob } from './newsletter.job';
import { portfolioAccountsJob } from './portfolio-accounts.job';
import { pruneExpiredJob } from './prune-expired.job';
import { pruneHistoryJob } from './prune-history.job';
import { syncRecoveryJob } from './sync-recovery.job';
import { weeklySummaryJob } from './weekly-summary.job';
import { xrplStreamJob } from './xrpl-stream.job';
import { xrplReservesJob } from './xrpl-reserves.job';
import { xrplSupplyJob } from './xrpl-supply.job';
import { xrplBackfillJob } from './xrpl-backfill.job';
import { xrplWhalesJob } from './xrpl-whales.job';
import { xrpscanNamesJob } from './xrpscan-names.job';

/** Every piece of background work, run by the one scheduler (jobs/scheduler.ts) under its lease. */
export const jobs: readonly JobDefinition[] = [
  marketMetricsJob,
  fearGreedJob,
  xrplWhalesJob,
  xrplBackfillJob,
  xrplReservesJob,
  xrplSupplyJob,
  xrpscanNamesJob,
  newsJob,
  xrplStreamJob,
  syncRecoveryJob,
  alertsJob,
  flowAlertsJob,
  weeklySummaryJob,
  newsletterJob,
  billingTestRenewalsJob,
  pruneExpiredJob,
  pruneHistoryJob,
  portfolioAccountsJob,
];

/** The jobs a process runs: all of them, or without the data syncs where those are off. */
export function jobsFor(options: { syncs: boolean }): JobDefinition[] {
  return jobs.filter((job) => options.syncs || !job.syncs);
}

/** How an api_type is synced. A source whose type has none cannot be synced ('Unsupported API type'). */
export function syncFor(apiType: string): SourceSync | undefined {
  return jobs.find((job) => job.source?.apiType === apiType)?.source;
}

export function supportedApiTypes(): string[] {
  return jobs.flatMap((job) => (job.source ? [job.source.apiType] : []));
}
