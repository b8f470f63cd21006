import { benchHealth } from './health.bench';
import { benchIngestIsolation } from './ingest-isolation.bench';
import { benchLoad } from './load';
import { benchNews } from './news.bench';
import { benchOverload } from './overload.bench';
import { benchPortfolio } from './portfolio.bench';
import { benchSseFanout } from './sse-fanout.bench';
import { benchStart } from './start.bench';
import { benchStream } from './stream.bench';
import { benchWeb } from './web.bench';

/**
 * `npm run bench`: every benchmark, printing figures against a baseline run in the same run.
 * `overload` (four minutes and more, on PostgreSQL) and `stream` (ten minutes and more) run only when
 * named.
 */
const only = process.argv[2];
if (!only || only === 'health') await benchHealth();
if (!only || only === 'start') await benchStart();
if (!only || only === 'sse') await benchSseFanout();
if (!only || only === 'web') await benchWeb();
if (!only || only === 'news') await benchNews();
if (!only || only === 'portfolio') await benchPortfolio();
if (!only || only === 'ingest-isolation') await benchIngestIsolation();
if (!only || only === 'load') if (!(await benchLoad())) process.exitCode = 1;
if (only === 'overload') if (!(await benchOverload())) process.exitCode = 1;
if (only === 'stream') if (!(await benchStream())) process.exitCode = 1;
