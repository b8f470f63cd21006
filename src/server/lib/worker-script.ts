import { Piscina } from 'piscina';

/**
 * Where a worker thread's script is: beside the module that starts it. Under tsx (development, tests)
 * that is the TypeScript source, which needs tsx's loader in the worker too; in the server bundle
 * (dist/server/*.mjs, scripts/build-stamp.ts) it is the bundled entry of the same name.
 */
export function workerScript(callerUrl: string, name: string): { url: URL; execArgv: string[] } {
  if (callerUrl.endsWith('.ts'))
    return { url: new URL(`./${name}.ts`, callerUrl), execArgv: ['--import', import.meta.resolve('tsx')] };
  return { url: new URL(`./${name}.mjs`, callerUrl), execArgv: [] };
}

/**
 * A Piscina pool of worker threads running the script `name` beside the caller, made on the first
 * task and holding no thread after a minute idle, so an idle server starts none (ADR 0051, ADR 0058).
 */
export function lazyWorkerPool<Task, Result>(
  callerUrl: string,
  name: string,
  maxThreads: number,
): { run: (task: Task) => Promise<Result>; close: () => Promise<void> } {
  let pool: Piscina<Task, Result> | undefined;
  return {
    run(task) {
      if (!pool) {
        const script = workerScript(callerUrl, name);
        pool = new Piscina<Task, Result>({
          filename: script.url.href,
          execArgv: script.execArgv,
          minThreads: 0,
          maxThreads,
          idleTimeout: 60_000,
        });
      }
      return pool.run(task);
    },
    async close() {
      const closing = pool;
      pool = undefined;
      await closing?.close({ force: true });
    },
  };
}
