import type { ThemePreference } from '../preferences/preferences.schema';

export const THEME_STORAGE_KEY = 'xrp-research-theme';
export const DEFAULT_THEME: ThemePreference = 'light';

export type ResolvedTheme = 'light' | 'dark';

export function parseStoredTheme(value: string | null | undefined): ThemePreference {
  return value === 'light' || value === 'dark' || value === 'system' ? value : DEFAULT_THEME;
}

/** System follows the device's dark-mode setting. */
export function resolveTheme(theme: ThemePreference, prefersDark: boolean): ResolvedTheme {
  if (theme === 'system') return prefersDark ? 'dark' : 'light';
  return theme;
}

/**
 * With no user the theme resets to light (the provider also drops the stored value); with a user the saved
 * theme_preference wins over the stored one. `undefined` while the session or preferences load.
 */
export function themeForSession(input: {
  sessionLoading: boolean;
  signedIn: boolean;
  savedPreference: ThemePreference | undefined;
}): ThemePreference | undefined {
  if (input.sessionLoading) return undefined;
  if (!input.signedIn) return DEFAULT_THEME;
  if (!input.savedPreference) return undefined;
  return input.savedPreference;
}
