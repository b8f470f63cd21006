import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run dev`: Vite on PORT (default 3000) with hot reload, proxying /api/ to the API server that
 * tsx restarts on change (on PORT + 1). Both stop together.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webPort = Number(process.env.PORT ?? 3000);
const apiPort = webPort + 1;
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${webPort}`;

const children: ChildProcess[] = [
  spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'src/server/main.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PORT: String(apiPort), PUBLIC_URL: publicUrl, NODE_ENV: 'development' },
    },
  ),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(webPort), API_ORIGIN: `http://127.0.0.1:${apiPort}` },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
