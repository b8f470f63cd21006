import { OpenAPIHono } from '@hono/zod-openapi';
import { isAPIError } from 'better-auth/api';
import { HTTPException } from 'hono/http-exception';
import { compress } from 'hono/compress';
import { createAccountRoutes } from './features/account/account.routes';
import { createBillingRoutes, createStripeWebhookRoutes } from './features/billing/billing.routes';
import { createTestBillingRoutes } from './features/billing/test-mode/test-mode.routes';
import type { Billing } from './features/billing/create-billing';
import { authGate } from './features/account/auth-limits';
import { createDominoAdminRoutes } from './features/domino/domino-admin.routes';
import { createKnownAccountsAdminRoutes } from './features/known-accounts/known-accounts-admin.routes';
import { createDominoRoutes } from './features/domino/domino.routes';
import { createFeedAdminRoutes } from './features/news/feeds-admin.routes';
import { createNewsRoutes } from './features/news/news.routes';
import { createEventRoutes } from './features/events/events.routes';
import { createHealthRoutes } from './features/health/health.routes';
import { createMarketRoutes } from './features/market/market.routes';
import { createNewsletterRoutes } from './features/newsletter/newsletter.routes';
import { createPreferencesRoutes } from './features/preferences/preferences.routes';
import { createSessionRoutes } from './features/session/session.routes';
import { createSyncRoutes } from './features/sync/sync.routes';
import { createLedgerBackfillRoutes } from './features/whales/ledger-backfill.routes';
import { createSupplyRoutes } from './features/supply';
import { createWhaleRoutes } from './features/whales/whales.routes';
import { AppError, errorBody } from './lib/app-error';
import { limitRequestBody } from './lib/body-limit';
import { refuseWhenHashingFull, shedWhenSaturated } from './lib/load-shedding';
import { stampClientIp } from './lib/client-ip';
import { withoutSessionToken } from './lib/auth-response';
import type { AppDeps, AppEnv } from './lib/context';
import { rejectNulCharacters } from './lib/nul-guard';
import { rejectCrossSiteWrites } from './lib/origin-check';
import { MEMBER_WRITE, VISITOR_WRITE } from './lib/read-cache';
import { requestContext } from './lib/request-context';
import { CachedRouter } from './lib/route-cache';
import { createWebAppRoutes, inlineScripts, readIndexHtml } from './lib/web-app';
import { createAlertRoutes } from './features/alerts/alerts.routes';
import { createUserAdminRoutes } from './features/users/users-admin.routes';
import { createApiKeyRoutes } from './features/developer/api-keys.routes';
import { createPortfolioRoutes } from './features/portfolio';
import { createV1Routes } from './features/developer/v1.routes';
import { createContactRoutes } from './features/contact/contact.routes';
import { createResearchRoutes } from './features/research/research.routes';
import { createAnalysisRoutes } from './features/analysis/analysis.routes';
import { createCommunityRoutes, createModerationRoutes } from './features/community';
import { createInboxRoutes, createQuestionRoutes } from './features/questions';

export interface AppOptions {
  databaseKind: 'pglite' | 'postgres';
  billing: Billing;
  /** The built web app to serve; omitted when Vite serves it (dev) or in API tests. */
  webDistDir?: string;
}

function createApiRoutes(deps: AppDeps, options: AppOptions) {
  return new OpenAPIHono<AppEnv>()
    .route('/', createHealthRoutes({ ...deps, databaseKind: options.databaseKind }))
    .route('/', createSessionRoutes(deps))
    .route('/', createPreferencesRoutes(deps))
    .route('/', createNewsletterRoutes(deps))
    .route('/', createAccountRoutes(deps))
    .route('/', createBillingRoutes({ ...deps, billing: options.billing }))
    .route('/', createTestBillingRoutes({ ...deps, billing: options.billing }))
    .route('/', createStripeWebhookRoutes({ ...deps, billing: options.billing }))
    .route('/', createMarketRoutes(deps))
    .route('/', createSyncRoutes(deps))
    .route('/', createWhaleRoutes(deps))
    .route('/', createLedgerBackfillRoutes(deps))
    .route('/', createSupplyRoutes(deps))
    .route('/', createDominoRoutes(deps))
    .route('/', createDominoAdminRoutes(deps))
    .route('/', createKnownAccountsAdminRoutes(deps))
    .route('/', createNewsRoutes(deps))
    .route('/', createFeedAdminRoutes(deps))
    .route('/', createAlertRoutes(deps))
    .route('/', createUserAdminRoutes({ ...deps, billing: options.billing }))
    .route('/', createApiKeyRoutes(deps))
    .route('/', createPortfolioRoutes(deps))
    .route('/', createContactRoutes(deps))
    .route('/', createResearchRoutes(deps))
    .route('/', createAnalysisRoutes(deps))
    .route('/', createCommunityRoutes(deps))
    .route('/', createModerationRoutes(deps))
    .route('/', createQuestionRoutes(deps))
    .route('/', createInboxRoutes(deps));
}

const webCompression = compress();

export function createApp(deps: AppDeps, options: AppOptions) {
  const api = new OpenAPIHono<AppEnv>();
  // First: a saturated process refuses new work before doing any of it (ADR 0066).
  if (deps.saturation) api.use(shedWhenSaturated(deps.saturation));
  api.use(refuseWhenHashingFull());
  // A write served here is news to this process's in-memory reads at once (a sign-out, a plan, a
  // holding): the writer's next request must not be answered from before it. A member's or a
  // visitor's write changes only their own rows, which announce themselves to every process; only a
  // staff member's write may change what everyone sees (ADR 0052).
  api.use(async (c, next) => {
    try {
      await next();
    } finally {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
        const cookie = c.req.header('cookie');
        if (cookie) deps.viewers?.forgetOwnerOf(cookie);
        const viewer = c.get('viewer');
        if (!viewer) deps.events.changed(VISITOR_WRITE);
        else if (viewer.isAdmin || viewer.isAnalyst) deps.events.changed();
        else deps.events.changed(MEMBER_WRITE, viewer.user.id);
      }
    }
  });
  // Then: nothing below (the NUL check, better-auth, the Stripe webhook) reads a body over the limit.
  api.use(limitRequestBody(deps.env.MAX_BODY_BYTES));
  api.use(rejectCrossSiteWrites(deps.env.PUBLIC_URL));
  api.use(rejectNulCharacters());
  api.use(stampClientIp(deps.env.TRUST_PROXY));
  api.route('/', createApiRoutes(deps, options));
  api.route('/', createEventRoutes(deps));
  api.route('/v1', createV1Routes(deps));
  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'XRP Research API', version: deps.version },
    servers: [{ url: '/api' }],
  });
  api.on(['GET', 'POST'], '/auth/*', authGate(deps), async (c) =>
    withoutSessionToken(await deps.auth.handler(c.req.raw)),
  );
  api.all('*', (c) => c.json(errorBody('not_found', `No API route for ${c.req.method} ${c.req.path}`), 404));

  // Each method + path's route match is kept: some routes have an `{id}` beside fixed paths, which
  // puts Hono on its tree router, walked on every request (ADR 0055).
  const app = new OpenAPIHono<AppEnv>({ router: new CachedRouter() });
  const indexHtml = options.webDistDir ? readIndexHtml(options.webDistDir) : undefined;
  app.use(requestContext(deps.logger, deps.env.PUBLIC_URL, indexHtml ? inlineScripts(indexHtml) : []));
  if (options.webDistDir) {
    // Compression where it pays: the app's assets and pages. API answers are small JSON (bench/).
    app.use('*', async (c, next) => (c.req.path.startsWith('/api/') ? next() : webCompression(c, next)));
    const web = createWebAppRoutes(options.webDistDir, indexHtml);
    // /api itself is a page of the site (a footer link); everything below it is the API.
    app.get('/api', (c) => web.fetch(c.req.raw));
    app.route('/api', api);
    app.route('/', web);
  } else {
    app.route('/api', api);
  }

  app.notFound((c) => c.json(errorBody('not_found', `Not found: ${c.req.path}`), 404));
  app.onError((thrown, c) => {
    // better-auth, called by a route of ours, passes on an AppError (a busy hashing queue) as the cause.
    const error = isAPIError(thrown) && thrown.cause instanceof AppError ? thrown.cause : thrown;
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined) c.header('Retry-After', String(error.retryAfter));
      return c.json(errorBody(error.code, error.message, error.issues), error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(
        errorBody(error.status === 401 ? 'unauthorized' : 'bad_request', error.message),
        error.status,
      );
    }
    (c.get('logger') ?? deps.logger).error({ err: error }, 'unhandled error');
    return c.json(errorBody('internal', 'Something went wrong on our side. Please try again.'), 500);
  });
  return app;
}

/** The API's type for the web app's typed client (`hc<ApiType>`). */
export type ApiType = ReturnType<typeof createApiRoutes>;
