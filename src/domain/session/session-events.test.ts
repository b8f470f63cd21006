import { describe, expect, it } from 'vitest';
import { isSessionEventType, sessionEventEffect } from './session-events';

describe('session events', () => {
  it('re-reads the session after sign-in, user updates and refreshes, and forgets it on sign-out', () => {
    expect(sessionEventEffect('SIGNED_IN')).toBe('refresh');
    expect(sessionEventEffect('USER_UPDATED')).toBe('refresh');
    expect(sessionEventEffect('TOKEN_REFRESHED')).toBe('refresh');
    expect(sessionEventEffect('SIGNED_OUT')).toBe('clear');
    expect(sessionEventEffect('PASSWORD_RECOVERY')).toBe('none');
  });

  it('accepts only the five event names from another tab', () => {
    expect(isSessionEventType('SIGNED_OUT')).toBe(true);
    expect(isSessionEventType('signed_out')).toBe(false);
    expect(isSessionEventType({ type: 'SIGNED_OUT' })).toBe(false);
  });
});
