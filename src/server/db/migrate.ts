import { Migrator, type Migration, type MigrationResultSet } from 'kysely';
import type { Db } from './client';
import * as m0001 from './migrations/0001-initial';
import * as m0002 from './migrations/0002-rate-limits';
import * as m0003 from './migrations/0003-used-totp-codes';
import * as m0004 from './migrations/0004-sync-engine';
import * as m0005 from './migrations/0005-app-events';
import * as m0006 from './migrations/0006-market-history';
import * as m0007 from './migrations/0007-sync-state';
import * as m0008 from './migrations/0008-domino-order';
import * as m0009 from './migrations/0009-news';
import * as m0010 from './migrations/0010-billing';
import * as m0011 from './migrations/0011-alerts';
import * as m0012 from './migrations/0012-api-keys';
import * as m0013 from './migrations/0013-pages';
import * as m0014 from './migrations/0014-change-announcements';
import * as m0015 from './migrations/0015-email-changes';
import * as m0016 from './migrations/0016-undated-articles';
import * as m0017 from './migrations/0017-auth-columns';
import * as m0018 from './migrations/0018-job-runs';
import * as m0019 from './migrations/0019-portfolio';
import * as m0020 from './migrations/0020-portfolio-events';
import * as m0021 from './migrations/0021-announce-viewer-and-portfolio-changes';
import * as m0022 from './migrations/0022-community';
import * as m0023 from './migrations/0023-unique-display-names';
import * as m0024 from './migrations/0024-analyst-questions';
import * as m0025 from './migrations/0025-announce-whose-change';
import * as m0026 from './migrations/0026-display-name-skeletons';
import * as m0027 from './migrations/0027-known-accounts';
import * as m0028 from './migrations/0028-exchange-flows';
import * as m0029 from './migrations/0029-exchange-reserves';
import * as m0030 from './migrations/0030-xrpscan-names';
import * as m0031 from './migrations/0031-flow-alerts';
import * as m0032 from './migrations/0032-whale-account-flags';
import * as m0033 from './migrations/0033-ledger-scan-ranges';
import * as m0034 from './migrations/0034-ledger-backfills';
import * as m0035 from './migrations/0035-reserve-account-sets';
import * as m0036 from './migrations/0036-supply-readings';
import * as m0037 from './migrations/0037-escrow-events';

/** Migrations in order; a new one is added here and never edited once released. */
const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-rate-limits': m0002,
  '0003-used-totp-codes': m0003,
  '0004-sync-engine': m0004,
  '0005-app-events': m0005,
  '0006-market-history': m0006,
  '0007-sync-state': m0007,
  '0008-domino-order': m0008,
  '0009-news': m0009,
  '0010-billing': m0010,
  '0011-alerts': m0011,
  '0012-api-keys': m0012,
  '0013-pages': m0013,
  '0014-change-announcements': m0014,
  '0015-email-changes': m0015,
  '0016-undated-articles': m0016,
  '0017-auth-columns': m0017,
  '0018-job-runs': m0018,
  '0019-portfolio': m0019,
  '0020-portfolio-events': m0020,
  '0021-announce-viewer-and-portfolio-changes': m0021,
  '0022-community': m0022,
  '0023-unique-display-names': m0023,
  '0024-analyst-questions': m0024,
  '0025-announce-whose-change': m0025,
  '0026-display-name-skeletons': m0026,
  '0027-known-accounts': m0027,
  '0028-exchange-flows': m0028,
  '0029-exchange-reserves': m0029,
  '0030-xrpscan-names': m0030,
  '0031-flow-alerts': m0031,
  '0032-whale-account-flags': m0032,
  '0033-ledger-scan-ranges': m0033,
  '0034-ledger-backfills': m0034,
  '0035-reserve-account-sets': m0035,
  '0036-supply-readings': m0036,
  '0037-escrow-events': m0037,
};

/** Every migration this code knows, oldest first. */
export const migrationNames: readonly string[] = Object.keys(migrations);

export function createMigrator(db: Db): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/** Brings the database to the latest schema; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const result: MigrationResultSet = await createMigrator(db).migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((item) => item.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(
      `Migration ${failed} failed: ${String((result.error as Error).message ?? result.error)}`,
      {
        cause: result.error,
      },
    );
  }
  return (result.results ?? []).filter((item) => item.status === 'Success').map((item) => item.migrationName);
}

export async function latestMigrationName(db: Db): Promise<string | undefined> {
  const all = await createMigrator(db).getMigrations();
  return all.filter((item) => item.executedAt).at(-1)?.name;
}
