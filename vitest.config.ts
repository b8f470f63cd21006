import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname, 'src') };

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine. The
    // server tests wait on sockets, timers and PostgreSQL much of their time, so one worker more than
    // the cores keeps both busy (ADR 0067).
    maxWorkers: os.availableParallelism() + 1,
    // TEST_PASSWORD's hash, made once for the run instead of once per test file.
    globalSetup: ['tests/support/password-hash-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/domain/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/support/dom-setup.ts'],
          // The files share a worker's loaded modules instead of importing React and the app again
          // for each one; each file still gets a document of its own (`@vitest-environment jsdom`).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          // The embedded database's WebAssembly on V8's baseline compiler only: a test file's process
          // lives seconds, and optimising postgres's hot functions in the background cost a quarter
          // of the suite's CPU without making the files finish sooner (ADR 0073).
          execArgv: ['--liftoff-only'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The files of a worker share its loaded modules (the app, Kysely, better-auth, PGlite)
          // instead of importing them again for each file: a third of the project's CPU. Each file
          // still opens a database and an app of its own (ADR 0076).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Real server and CLI processes on an embedded DATA_DIR (PGlite only, so not in the PostgreSQL pass).
          name: 'processes',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          // Starting real server processes (two for the balancer test) under a loaded CI machine.
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
