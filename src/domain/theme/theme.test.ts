import { describe, expect, it } from 'vitest';
import { parseStoredTheme, resolveTheme, themeForSession } from './theme';

describe('theme rules', () => {
  it('starts from the stored theme, or light', () => {
    expect(parseStoredTheme('dark')).toBe('dark');
    expect(parseStoredTheme('system')).toBe('system');
    expect(parseStoredTheme(null)).toBe('light');
    expect(parseStoredTheme('purple')).toBe('light');
  });

  it('follows the device for system', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('resets to light with no user and lets the saved preference win with one', () => {
    expect(
      themeForSession({ sessionLoading: true, signedIn: false, savedPreference: undefined }),
    ).toBeUndefined();
    expect(themeForSession({ sessionLoading: false, signedIn: false, savedPreference: 'dark' })).toBe(
      'light',
    );
    expect(
      themeForSession({ sessionLoading: false, signedIn: true, savedPreference: undefined }),
    ).toBeUndefined();
    expect(themeForSession({ sessionLoading: false, signedIn: true, savedPreference: 'system' })).toBe(
      'system',
    );
  });
});
