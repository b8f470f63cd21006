/** The client re-checks every 60 seconds while signed in. */
export const SUBSCRIPTION_CHECK_INTERVAL_MS = 60_000;
