/** What other features and the app may use of preferences: the member's theme and date format. */
export { preferencesQuery, useUpdatePreference, type PreferenceUpdate } from './api/preferences';
export { DatesProvider, useDates } from './providers/dates-provider';
export { ThemeProvider, useTheme } from './providers/theme-provider';
