import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname, 'src') };

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/domain/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/support/dom-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
