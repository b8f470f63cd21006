import path from 'node:path';
import { z } from 'zod';
import { roleSchema, subscriptionPlanSchema } from '@/domain/plans/plans.schema';
import type { Db } from '../db/client';
import { backupDatabase, restoreDatabase } from '../db/backup';
import { migrateToLatest } from '../db/migrate';
import { runSourceById } from '../jobs/control';
import { supportedApiTypes } from '../jobs/registry';
import { sourceOfType } from '../features/sync';
import { createVerifiedUser, setUserPlan, setUserRole } from '../features/users';
import { AppError } from '../lib/app-error';
import type { Env } from '../env';
import type { Auth } from '../lib/auth';
import type { Logger } from '../lib/logger';
import { resolveAuthSecret } from '../lib/secrets';
import { reencryptTotpSecrets, twoFactorKeyConfig } from '../lib/two-factor-secrets';

export interface CommandContext {
  db: Db;
  auth: Auth;
  env: Env;
  logger: Logger;
}

interface CommandDefinition<S extends z.ZodType> {
  usage: string;
  summary: string;
  /** Names of the --options the command takes (all take a value). */
  options: readonly string[];
  /** The number of positional arguments, each mapped to the name at its index. */
  positionals: readonly string[];
  schema: S;
  run(context: CommandContext, args: z.infer<S>): Promise<string>;
}

function defineCommand<S extends z.ZodType>(definition: CommandDefinition<S>) {
  return definition;
}

const email = z.email('--email must be an email address');
const absoluteFile = z
  .string()
  .min(1, 'a file path is required')
  .refine(path.isAbsolute, 'the file path must be absolute');

export const commands = {
  'user:create': defineCommand({
    usage:
      'user:create --email EMAIL --password PASSWORD [--name NAME] [--role admin|analyst|user] [--plan free|premium|complimentary]',
    summary: 'Create a verified user with a password',
    options: ['email', 'password', 'name', 'role', 'plan'],
    positionals: [],
    schema: z.object({
      email,
      password: z.string({ error: '--password is required' }),
      name: z.string().optional(),
      role: roleSchema.optional(),
      plan: subscriptionPlanSchema.optional(),
    }),
    run: async ({ auth, db }, args) => {
      const user = await createVerifiedUser(auth, db, args);
      return `Created ${user.email} (id ${user.id}, role ${user.role}, plan ${user.plan})`;
    },
  }),
  'user:role': defineCommand({
    usage: 'user:role --email EMAIL --role admin|analyst|user',
    summary: "Change a user's role",
    options: ['email', 'role'],
    positionals: [],
    schema: z.object({ email, role: roleSchema }),
    run: async ({ db }, args) => {
      const result = await setUserRole(db, args.email, args.role);
      return `${result.email} now has role ${result.role}`;
    },
  }),
  'user:plan': defineCommand({
    usage: 'user:plan --email EMAIL --plan free|premium|complimentary',
    summary: "Change a user's subscription plan",
    options: ['email', 'plan'],
    positionals: [],
    schema: z.object({ email, plan: subscriptionPlanSchema }),
    run: async ({ db }, args) => {
      const result = await setUserPlan(db, args.email, args.plan);
      return `${result.email} now has plan ${result.plan}`;
    },
  }),
  'sync:run': defineCommand({
    usage: 'sync:run --type coingecko|fear_greed|xrpl_whales|xrpl_reserves|xrpl_supply|xrpscan_names|news',
    summary: "Run a data source's sync now and print its outcome (the first market sync backfills a year)",
    options: ['type'],
    positionals: [],
    schema: z.object({ type: z.string({ error: '--type is required' }) }),
    run: async (context, args) => {
      if (!supportedApiTypes().includes(args.type)) {
        throw new AppError(
          'validation_error',
          `Unsupported API type: ${args.type} (one of ${supportedApiTypes().join(', ')})`,
        );
      }
      const source = await sourceOfType(context.db, args.type);
      if (!source) throw new AppError('not_found', `No API source of type ${args.type}`);
      const outcome = await runSourceById(context, source.id);
      if (outcome.status === 'skipped') return `${source.name}: ${outcome.reason}`;
      const { log } = outcome;
      const summary = `${source.name}: ${log.status} in ${log.duration_ms} ms, ${log.records_processed} records`;
      if (log.status === 'error') throw new AppError('unavailable', `${summary}: ${log.error_message}`);
      return log.details ? `${summary} (${log.details})` : summary;
    },
  }),
  'db:migrate': defineCommand({
    usage: 'db:migrate',
    summary: 'Apply pending database migrations',
    options: [],
    positionals: [],
    schema: z.object({}),
    run: async ({ db }) => {
      const applied = await migrateToLatest(db);
      return applied.length ? `Applied ${applied.join(', ')}` : 'The database is up to date';
    },
  }),
  '2fa:reencrypt': defineCommand({
    usage: '2fa:reencrypt',
    summary:
      'Re-encrypt every authenticator secret with TWO_FACTOR_ENCRYPTION_KEY (after a rotation; see docs/operations.md)',
    options: [],
    positionals: [],
    schema: z.object({}),
    run: async ({ db, env }) => {
      const config = twoFactorKeyConfig({
        authSecret: resolveAuthSecret(env),
        key: env.TWO_FACTOR_ENCRYPTION_KEY,
        previousKeys: env.TWO_FACTOR_PREVIOUS_KEYS,
      });
      const count = await reencryptTotpSecrets(db, config);
      return `Re-encrypted ${count} authenticator secret${count === 1 ? '' : 's'} with the current key`;
    },
  }),
  'db:backup': defineCommand({
    usage: 'db:backup FILE',
    summary: 'Write every row to a gzipped JSON backup file',
    options: [],
    positionals: ['file'],
    schema: z.object({ file: absoluteFile }),
    run: async ({ db }, args) => {
      const result = await backupDatabase(db, args.file);
      return `Backed up ${result.rows} rows from ${result.tables} tables to ${result.file}`;
    },
  }),
  'db:restore': defineCommand({
    usage: 'db:restore FILE',
    summary: 'Replace every row with those of a backup file (all or nothing)',
    options: [],
    positionals: ['file'],
    schema: z.object({ file: absoluteFile }),
    run: async ({ db }, args) => {
      const result = await restoreDatabase(db, args.file);
      return `Restored ${result.rows} rows into ${result.tables} tables from ${args.file}`;
    },
  }),
};

export type CommandName = keyof typeof commands;

export function isCommandName(name: string): name is CommandName {
  return Object.hasOwn(commands, name);
}

export interface CommandRequest {
  name: string;
  args: Record<string, unknown>;
}

/** Validates and runs one command; both the CLI and the server's control socket come through here. */
export async function runCommand(context: CommandContext, request: CommandRequest): Promise<string> {
  if (!isCommandName(request.name)) throw new AppError('bad_request', `Unknown command: ${request.name}`);
  const command = commands[request.name] as CommandDefinition<z.ZodType>;
  const parsed = command.schema.safeParse(request.args);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `--${issue.path.join('.')}: ` : '';
    throw new AppError(
      'validation_error',
      `${where}${issue?.message ?? 'invalid arguments'}\nUsage: ${command.usage}`,
    );
  }
  return command.run(context, parsed.data);
}
