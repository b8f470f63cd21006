import path from 'node:path';
import { parseArgs } from 'node:util';
import { commands, isCommandName, runCommand, type CommandRequest } from './server/cli/commands';
import { databaseTarget, openDatabase } from './server/db/client';
import { loadEnv } from './server/env';
import { claimDataDir, DataDirBusyError, sendControlRequest } from './server/lib/control-socket';
import { createLogger } from './server/lib/logger';
import { createRuntime } from './server/runtime';

function usage(): string {
  const lines = Object.entries(commands).map(([, command]) => `  ${command.usage}\n      ${command.summary}`);
  return `Usage: npm run cli -- <command> [options]\n\nCommands:\n${lines.join('\n')}\n`;
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function parseRequest(argv: string[]): CommandRequest {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help') {
    process.stdout.write(usage());
    process.exit(name ? 0 : 1);
  }
  if (!isCommandName(name)) fail(`Unknown command: ${name}\n\n${usage()}`);
  const command = commands[name];
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      options: Object.fromEntries(command.options.map((option) => [option, { type: 'string' as const }])),
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    fail(`${(error as Error).message}\nUsage: npm run cli -- ${command.usage}`);
  }
  if (parsed.positionals.length > command.positionals.length) {
    fail(`Too many arguments\nUsage: npm run cli -- ${command.usage}`);
  }
  const args: Record<string, unknown> = { ...parsed.values };
  command.positionals.forEach((key, index) => {
    const value = parsed.positionals[index];
    // Paths are resolved here, against the operator's folder, before a server may run the command.
    if (value !== undefined) args[key] = key === 'file' ? path.resolve(value) : value;
  });
  return { name, args };
}

const request = parseRequest(process.argv.slice(2));
const env = loadEnv({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
const target = databaseTarget(env);

try {
  if (target.kind === 'pglite') {
    const answer = await sendControlRequest(env.DATA_DIR, { type: 'command', ...request });
    if (answer) {
      if (!answer.ok) fail(answer.error);
      process.stdout.write(`${answer.output ?? ''}\n`);
      process.exit(0);
    }
  }
  const control = target.kind === 'pglite' ? await claimDataDir(env.DATA_DIR, 'cli') : null;
  const handle = await openDatabase(target);
  try {
    const logger = createLogger(env.LOG_LEVEL);
    const runtime = await createRuntime({ env, handle, logger, migrate: request.name !== 'db:migrate' });
    process.stdout.write(`${await runCommand(runtime.deps, request)}\n`);
  } finally {
    await handle.close();
    await control?.close();
  }
} catch (error) {
  if (error instanceof DataDirBusyError) fail(error.message);
  fail((error as Error).message);
}
