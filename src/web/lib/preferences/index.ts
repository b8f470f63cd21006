/**
 * The member's preferences as every page uses them: the saved settings' query and its update, the
 * theme and the date formatter. Platform code, not a feature: the app, the shared components and
 * every feature read them.
 */
export { preferencesQuery, useUpdatePreference, type PreferenceUpdate } from './preferences-query';
export { DatesProvider, useDates } from './dates-provider';
export { ThemeProvider, useTheme } from './theme-provider';
