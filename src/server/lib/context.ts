import type { Role } from '@/domain/plans/entitlements';
import type { Env } from '../env';
import type { Db } from '../db/client';
import type { LedgerConnection } from '../upstreams/xrpl-connection';
import type { Profile } from '../db/schema';
import type { Auth } from './auth';
import type { EventBus } from './event-bus';
import type { JobControl } from './job-control';
import type { SaturationSignal } from './load-shedding';
import type { Logger } from './logger';
import type { Mailer } from './mailer';
import type { ViewerCache } from './viewer-cache';
import type { PushSender } from './web-push';

/** What every router, job and command is built with. */
export interface AlertDeps {
  push: PushSender;
  /** Signs unsubscribe links (derived from the auth secret). */
  unsubscribeSecret: string;
}

export interface AppDeps {
  env: Env;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  events: EventBus;
  jobs: JobControl;
  alerts: AlertDeps;
  /** The XRP Ledger, for the portfolio's reads (one connection, opened on first use). */
  ledger: LedgerConnection;
  logger: Logger;
  /** Who each session cookie belongs to, until anything changes; null when caching is off. */
  viewers: ViewerCache | null;
  version: string;
  startedAt: number;
  /** Whether this process is saturated now (lib/load-shedding.ts); absent: never shed. */
  saturation?: SaturationSignal | undefined;
}

type AuthSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;

export interface Viewer {
  user: AuthSession['user'];
  session: AuthSession['session'];
  profile: Profile;
  role: Role;
  isPremium: boolean;
  isAdmin: boolean;
  /** An analyst or an administrator. */
  isAnalyst: boolean;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    /** The headers of a JSON answer, security headers included (request-context.ts `sendJson`). */
    jsonHeaders: Record<string, string>;
    logger: Logger;
    /** Loaded once per request by loadViewer; undefined until then, null for no session. */
    viewer: Viewer | null | undefined;
    /** The owner of the API key a /api/v1 request was authenticated with. */
    apiKeyUserId: string | undefined;
  };
}
