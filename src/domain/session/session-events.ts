/** The session events the client reacts to. */
export const sessionEventTypes = [
  'SIGNED_IN',
  'SIGNED_OUT',
  'TOKEN_REFRESHED',
  'PASSWORD_RECOVERY',
  'USER_UPDATED',
] as const;
export type SessionEventType = (typeof sessionEventTypes)[number];

export function isSessionEventType(value: unknown): value is SessionEventType {
  return typeof value === 'string' && (sessionEventTypes as readonly string[]).includes(value);
}

/** What the client does with each: re-read the session, forget it, or nothing (the page handles it). */
export function sessionEventEffect(type: SessionEventType): 'refresh' | 'clear' | 'none' {
  switch (type) {
    case 'SIGNED_IN':
    case 'USER_UPDATED':
    case 'TOKEN_REFRESHED':
      return 'refresh';
    case 'SIGNED_OUT':
      return 'clear';
    case 'PASSWORD_RECOVERY':
      return 'none';
  }
}
