import { afterAll, beforeAll } from 'vitest';
import { startTestSmtp, type TestSmtp } from './smtp';
import { createTestApp, type TestApp } from './test-app';

/** A test app that sends its mail to a real in-process SMTP server; both are closed after the file. */
export function useTestAppWithSmtp(env: Record<string, string> = {}): {
  app: () => TestApp;
  smtp: () => TestSmtp;
} {
  let app: TestApp | undefined;
  let smtp: TestSmtp | undefined;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    app = await createTestApp({ env: { ...env, SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });
  const need = <T>(value: T | undefined, name: string): T => {
    if (!value) throw new Error(`${name} is used before beforeAll ran`);
    return value;
  };
  return { app: () => need(app, 'app'), smtp: () => need(smtp, 'smtp') };
}
