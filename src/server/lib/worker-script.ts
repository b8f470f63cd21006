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
