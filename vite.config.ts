import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = path.resolve(import.meta.dirname, 'src/web');

/**
 * React Router's package exports name only its development build, warnings included (its issue
 * #12532, "intended to be temporary"); the production build it ships beside it is used for builds.
 */
const reactRouterProduction = path.resolve(
  import.meta.dirname,
  'node_modules/react-router/dist/production/index.mjs',
);

/** What every page runs; the infinite list only /news uses stays with it. */
const framework =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|tailwind-merge|clsx|class-variance-authority|hono)[\\/]/;

export default defineConfig(({ command }) => ({
  root,
  publicDir: path.join(root, 'public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // What every page runs, in one chunk: split by importer, as it was, it made five small chunks
        // that compressed worse and cost a request each (ADR 0027).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: (id: string) =>
                (framework.test(id) && !id.includes('infiniteQuery')) || id === '\0vite/preload-helper.js',
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: { '/api/': { target: process.env.API_ORIGIN ?? 'http://127.0.0.1:3001', changeOrigin: false } },
  },
}));
