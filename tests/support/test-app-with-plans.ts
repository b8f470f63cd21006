import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

export interface AppWithPlans {
  app: TestApp;
  /** Session cookies of one member on each plan. */
  free: string;
  premium: string;
  complimentary: string;
}

/**
 * A test app with a signed-in member on each plan, for routes whose answer depends on the plan;
 * closed after the file. Read the fields inside tests (they are set by beforeAll).
 */
export function useTestAppWithPlans(): AppWithPlans {
  const state = {} as AppWithPlans;
  beforeAll(async () => {
    state.app = await createTestApp();
    state.free = (await state.app.signedInUser()).cookie;
    state.premium = (await state.app.signedInUser({ plan: 'premium' })).cookie;
    state.complimentary = (await state.app.signedInUser({ plan: 'complimentary' })).cookie;
  });
  afterAll(async () => state.app?.close());
  return state;
}
