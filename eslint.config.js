import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
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

/** Issue 23: every date a page shows is written by the reader's formatter (time zone, date format). */
const oneDateFormatter = 'Write dates with useDates() (src/web/app/providers/dates-provider.tsx).';

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'test-results', 'playwright-report', 'tmp', 'src/web/public'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', processEnv],
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
