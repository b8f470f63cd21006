import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import regexpPlugin from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries of STYLE.md, enforced: domain is pure; web sees server only as types. */
const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'os',
  'net',
  'http',
  'crypto',
  'child_process',
  'zlib',
  'url',
  'util',
];

const processEnv = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read configuration through src/server/env.ts.',
};

/** Every date a page shows is written by the reader's formatter (time zone, date format). */
const oneDateFormatter = 'Write dates with useDates() (src/web/lib/preferences).';

/** The feature folders under a root (server or web). */
const featuresIn = (root) =>
  readdirSync(new URL(`${root}/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Features do not lean on each other: a feature imports another only when it is one of the named
 * consumers below, and then through the other's `index.ts`, its public surface (bulletproof-react's
 * zones, one per feature). What several features need lives in the shared layers instead.
 */
const serverConsumers = {
  // Export and deletion gather what every feature keeps about a member.
  account: ['alerts', 'community', 'portfolio', 'preferences', 'questions'],
  // The public API serves these features' reads under its own keys and limits.
  developer: ['domino', 'market', 'news', 'portfolio', 'whales'],
  // The live events carry these features' records as their pages show them.
  events: ['sync', 'whales'],
  // Admin screens: users manage plans and analysts; a renamed account re-attributes its flows.
  users: ['billing', 'questions'],
  'known-accounts': ['whales'],
};

/**
 * The zones for `root`'s features: each may import its own files and the index.ts of the features
 * `consumers` names for it (any feature's, for `anyIndex`, as tests may).
 */
const featureZones = (root, consumers, anyIndex = false) => {
  const features = featuresIn(root);
  for (const [consumer, used] of Object.entries(consumers))
    for (const feature of [consumer, ...used])
      if (!features.includes(feature))
        throw new Error(`eslint.config.js: no feature ${root}/features/${feature}`);
  return features.map((feature) => ({
    target: `${root}/features/${feature}`,
    from: `${root}/features`,
    except: [
      `./${feature}`,
      ...features
        .filter((other) => other !== feature && (anyIndex || (consumers[feature] ?? []).includes(other)))
        .map((other) => `./${other}/index.ts`),
    ],
    message: anyIndex
      ? 'Import another feature through its index.ts (its public surface), never its files.'
      : 'A feature uses another only as a named consumer (eslint.config.js), through its index.ts: move what both need to a shared layer.',
  }));
};

const serverFeatures = featuresIn('./src/server');

/** The web's composition features: the admin screens, the home page and the account settings. */
const webConsumers = {
  admin: featuresIn('./src/web').filter((feature) => feature !== 'admin'),
  home: featuresIn('./src/web').filter((feature) => feature !== 'home'),
  settings: featuresIn('./src/web').filter((feature) => feature !== 'settings'),
};

/** What builds on the server's shared layers: the features, the jobs, the commands, the composition root. */
const aboveTheSharedLayers = [
  './src/server/features',
  './src/server/jobs',
  './src/server/cli',
  './src/server/app.ts',
  './src/server/runtime.ts',
  './src/server/server.ts',
  './src/server/main.ts',
];

/** The layers of docs/architecture.md: each zone says what a folder may not import. */
const baseZones = [
  {
    target: './src/domain',
    from: './src',
    except: ['./domain'],
    message: 'domain is pure: it imports only domain.',
  },
  {
    target: ['./src/server/lib', './src/server/db', './src/server/upstreams'],
    from: ['./src/server/shared', ...aboveTheSharedLayers],
    message:
      'lib, db and upstreams are shared: they never import features, jobs, commands or the composition root.',
  },
  {
    target: './src/server/shared',
    from: aboveTheSharedLayers,
    message:
      'shared services (notifications, stored price history, source health) serve features: they never import features, jobs, commands or the composition root.',
  },
  {
    // A feature's tests drive the runtime and the jobs through tests/support, as its code may not.
    target: './src/server/features',
    from: './src/server/{jobs/**,cli/**,app.ts,runtime.ts,server.ts,main.ts}',
    message:
      'features never import jobs, commands or the composition root: a job calls a feature, not the reverse.',
  },
  {
    target: ['./src/server/jobs', './src/server/cli'],
    from: './src/server/features',
    except: serverFeatures.map((feature) => `./${feature}/index.ts`),
    message: 'jobs and commands use a feature through its index.ts (its public surface).',
  },
  {
    target: './src/server/jobs',
    from: './src/server/{app.ts,server.ts,cli/**}',
    message: 'jobs never import the HTTP app or the commands.',
  },
  {
    target: ['./src/web/lib', './src/web/components'],
    from: ['./src/web/features', './src/web/app'],
    message: 'web lib and components are shared: they never import features or the app.',
  },
  {
    target: './src/web/features',
    from: './src/web/app',
    message: 'web features never import web/app: the app composes features, not the reverse.',
  },
];

const layerZones = [
  ...baseZones,
  ...featureZones('./src/server', serverConsumers),
  ...featureZones('./src/web', webConsumers),
];

/** The same layers for tests, which may drive a flow across features through any feature's index.ts. */
const testLayerZones = [
  ...baseZones,
  ...featureZones('./src/server', serverConsumers, true),
  ...featureZones('./src/web', webConsumers, true),
];

/** Server packages no process needs at start (ADR 0056). */
const lazyPackages = ['stripe', 'xrpl', 'nodemailer', 'web-push', 'undici', '@electric-sql/pglite'];

/** date-fns's index loads its ~250 functions: about 2 s and 100 MB at every start (ADR 0053). */
const dateFnsIndex = {
  name: 'date-fns',
  message: "Import the one function from its own module: `import { format } from 'date-fns/format'`.",
};

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'test-results', 'playwright-report', 'tmp', 'src/web/public'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Every regular expression in the codebase, linear in its input (no super-linear backtracking).
  regexpPlugin.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', processEnv],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}', 'bench/**/*.ts', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      // Parse TypeScript modules when following imports (no-cycle reads the modules it imports).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'check-file/filename-naming-convention': [
        'error',
        // kebab-case, digits allowed anywhere (migrations begin with theirs)
        { '**/*.{ts,tsx}': '+([a-z0-9])*(-+([a-z0-9]))' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { 'src/**/': '+([a-z0-9])*(-+([a-z0-9]))' }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: testLayerZones }] },
  },
  {
    // The SQL lives in the features' services (ADR 0042): route files are contracts and thin
    // handlers, providers, emails and pure evaluators call a service, jobs and commands say when and
    // what, and upstreams speak HTTP. lib/ and db/ are not covered: lib holds the lookups owned by no
    // feature (the profile row, audit, rate limits, auth's guards), db the migrations and backups.
    files: [
      'src/server/features/**/*.ts',
      'src/server/jobs/**/*.ts',
      'src/server/cli/**/*.ts',
      'src/server/upstreams/**/*.ts',
    ],
    ignores: ['**/*.test.ts', 'src/server/features/**/*.service.ts'],
    rules: {
      // Under any name: `import { sql as q }` and `sql.raw` too.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              importNames: ['sql', 'Kysely'],
              message: 'SQL lives in services: call a function of the feature’s *.service.ts.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        processEnv,
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|with)$/]',
          message: 'SQL lives in services: call a function of the feature’s *.service.ts.',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: 'SQL lives in services: call a function of the feature’s *.service.ts.',
        },
      ],
    },
  },
  {
    // The server bundle keeps packages as imports: date-fns's index loads its ~250 functions, about
    // 2 s and 100 MB of resident memory at every start (ADR 0053).
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            dateFnsIndex,
            // Loaded at first use with `await import()` by the module that owns each (ADR 0056):
            // every process would otherwise pay for them at start.
            ...lazyPackages.map((name) => ({
              name,
              allowTypeImports: true,
              message: `${name} is loaded at first use (ADR 0056): \`import type\` here, \`await import('${name}')\` where it is used.`,
            })),
          ],
        },
      ],
    },
  },
  {
    // The modules that are themselves loaded lazily (or run on their own thread) import them as usual.
    files: ['src/server/features/billing/stripe/stripe-provider.ts', 'src/server/db/pglite-worker.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [dateFnsIndex],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        processEnv,
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message: oneDateFormatter,
        },
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          message: oneDateFormatter,
        },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'date-fns', message: oneDateFormatter },
            {
              name: '@/domain/format/format',
              importNames: ['formatRelativeTime', 'formatAge', 'formatEventDate', 'formatLongDate'],
              message: oneDateFormatter,
            },
          ],
          patterns: [
            {
              group: ['@/server/*', '**/server/*'],
              allowTypeImports: true,
              message: 'web may import from server only with `import type`.',
            },
            { group: nodeBuiltins, message: 'web runs in the browser.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    // Checks on the repository's own files, run with the unit tests: they read them with Node.
    ignores: ['src/domain/no-outside-citations.test.ts', 'src/domain/architecture-doc.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/server/*', '@/web/*', '**/server/*', '**/web/*'],
              message: 'domain imports nothing from server or web.',
            },
            {
              group: [...nodeBuiltins, 'react', 'react-dom', 'hono', 'kysely', 'pg'],
              message: 'domain is pure: no Node, DOM or I/O modules.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'src/server/env.ts',
      'scripts/**',
      'tests/**',
      'bench/**',
      '**/*.config.ts',
      'src/cli.ts',
      '**/*.test.ts',
      '**/*.test.tsx',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Playwright fixtures must destructure their dependencies, even when there are none.
    files: ['tests/e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
