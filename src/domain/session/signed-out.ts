import type { SessionState } from './session.schema';

/** The session state of a visitor (no validation library: every page has it). */
export const signedOutState: SessionState = {
  user: null,
  session: null,
  profile: null,
  role: null,
  isPremium: false,
  isAdmin: false,
  isAnalyst: false,
};
