/** Client routes of SPEC §2; the server answers any other path with the 404 page and status 404. */
export const appRoutes = {
  home: '/',
  auth: '/auth',
  news: '/news',
  analytics: '/analytics',
  alerts: '/alerts',
  membership: '/membership',
  settings: '/settings',
  admin: '/admin',
  api: '/api',
  learn: '/learn',
  analysis: '/analysis',
  regulatory: '/regulatory',
  research: '/research',
  about: '/about',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
} as const;

export const knownClientPaths: ReadonlySet<string> = new Set(Object.values(appRoutes));

export type Access = 'public' | 'user' | 'premium' | 'admin';

export const routeAccess: Record<string, Access> = {
  [appRoutes.news]: 'user',
  [appRoutes.analytics]: 'user',
  [appRoutes.alerts]: 'premium',
  [appRoutes.settings]: 'user',
  [appRoutes.admin]: 'admin',
};

export function isKnownClientPath(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return knownClientPaths.has(trimmed);
}
