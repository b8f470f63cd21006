export const E2E_PASSWORD = 'E2e-Password-1';

/** Accounts the global setup creates with the CLI, one per role and plan the guard distinguishes. */
export const e2eUsers = {
  free: { email: 'free@e2e.test', name: 'Frida Free', role: 'user', plan: 'free' },
  premium: { email: 'premium@e2e.test', name: 'Pat Premium', role: 'user', plan: 'premium' },
  complimentary: { email: 'comp@e2e.test', name: 'Casey Comp', role: 'user', plan: 'complimentary' },
  admin: { email: 'admin@e2e.test', name: 'Ada Admin', role: 'admin', plan: 'free' },
  /** Answers Premium members' questions: the inbox tab only. */
  analyst: { email: 'analyst@e2e.test', name: 'Ana Analyst', role: 'analyst', plan: 'free' },
  noName: { email: 'noname@e2e.test', name: '', role: 'user', plan: 'free' },
  /** The /portfolio journey's member: its accounts, holdings and alerts are no other test's concern. */
  portfolio: { email: 'portfolio@e2e.test', name: 'Polly Portfolio', role: 'user', plan: 'premium' },
} as const;

export type E2eUser = keyof typeof e2eUsers;
