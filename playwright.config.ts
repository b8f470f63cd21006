import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, headlessShellPath } from './scripts/chromium';

const ci = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: true,
  workers: 2,
  retries: ci ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: ci,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: 'test-results',
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: headlessShellPath, args: chromiumArgs },
    // Recording a trace costs Chromium a screenshot and a DOM snapshot per action: a third of the
    // suite's CPU when every test records one. A failing test is retried once in CI, with a trace.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
});
