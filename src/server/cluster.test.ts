import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { serverProcessCount } from './cluster';

describe('serverProcessCount', () => {
  const postgres = 'postgres://db.internal/site';
  it('runs one process per core on PostgreSQL unless WEB_CONCURRENCY says otherwise', () => {
    expect(serverProcessCount({ DATABASE_URL: postgres, ROLE: 'all' })).toBe(os.availableParallelism());
    expect(serverProcessCount({ DATABASE_URL: postgres, ROLE: 'web', WEB_CONCURRENCY: 3 })).toBe(3);
  });

  it('runs one process on the embedded database, and for a jobs-only instance', () => {
    expect(serverProcessCount({ ROLE: 'all', WEB_CONCURRENCY: 4 })).toBe(1);
    expect(serverProcessCount({ DATABASE_URL: postgres, ROLE: 'jobs', WEB_CONCURRENCY: 4 })).toBe(1);
  });
});
