import { benchHealth } from './health.bench';

/** `npm run bench`: every benchmark, printing figures as ratios against a baseline run in the same process. */
await benchHealth();
