/**
 * The key created last in this page's life, kept in memory only (never in storage), so that the API
 * reference can fill it into its curl examples after Settings showed it once. A reload forgets it.
 */
let recentKey = '';

export const rememberRecentKey = (key: string) => {
  recentKey = key;
};
export const recentApiKey = () => recentKey;
