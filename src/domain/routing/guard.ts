import type { Access } from './routes';

export interface GuardViewer {
  loading: boolean;
  signedIn: boolean;
  isPremium: boolean;
  isAdmin: boolean;
  /** An analyst or an administrator. */
  isAnalyst: boolean;
}

export type GuardDecision =
  | { kind: 'loading' }
  | { kind: 'allow' }
  | { kind: 'redirect'; to: '/auth' | '/membership' | '/'; rememberFrom: boolean };

/** The route guard: spinner while loading; sign-in first; then premium → /membership, admin → /. */
export function decideAccess(access: Access, viewer: GuardViewer): GuardDecision {
  if (access === 'public') return { kind: 'allow' };
  if (viewer.loading) return { kind: 'loading' };
  if (!viewer.signedIn) return { kind: 'redirect', to: '/auth', rememberFrom: true };
  if (access === 'premium' && !viewer.isPremium)
    return { kind: 'redirect', to: '/membership', rememberFrom: false };
  if (access === 'analyst' && !viewer.isAnalyst) return { kind: 'redirect', to: '/', rememberFrom: false };
  if (access === 'admin' && !viewer.isAdmin) return { kind: 'redirect', to: '/', rememberFrom: false };
  return { kind: 'allow' };
}

/** Where to go after sign-in: the remembered location when it is a safe in-app path, else home. */
export function safeReturnPath(from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/auth'))
    return '/';
  return from;
}
