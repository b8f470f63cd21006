import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useMemo, type ReactNode } from 'react';
import {
  signedOutState,
  type Profile,
  type SessionState,
  type SessionUser,
} from '@/domain/session/session.schema';
import { api, unwrap } from '@/web/lib/api-client';
import { authClient } from '@/web/lib/auth-client';

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: () => unwrap(api.session.$get()),
  staleTime: 60_000,
});

export interface SessionContextValue {
  user: SessionUser | null;
  session: SessionState['session'];
  profile: Profile | null;
  role: SessionState['role'];
  loading: boolean;
  isPremium: boolean;
  isAdmin: boolean;
  /** Re-reads the session from the server (after sign-in, plan changes). */
  refresh(): Promise<void>;
  /** Ends the session on the server; throws with the server's message when it cannot. */
  endSession(): Promise<void>;
  /** Clears the client's user, session, profile and role (and everything cached for them). */
  clearSession(): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery(sessionQuery);
  const state = data ?? signedOutState;

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
  }, [queryClient]);

  const endSession = useCallback(async () => {
    const result = await authClient.signOut();
    if (result.error) throw new Error(result.error.message ?? 'The server did not end the session');
  }, []);

  const clearSession = useCallback(() => {
    queryClient.setQueryData(sessionQuery.queryKey, signedOutState);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
  }, [queryClient]);

  const value = useMemo<SessionContextValue>(
    () => ({
      user: state.user,
      session: state.session,
      profile: state.profile,
      role: state.role,
      loading: isPending,
      isPremium: state.isPremium,
      isAdmin: state.isAdmin,
      refresh,
      endSession,
      clearSession,
    }),
    [state, isPending, refresh, endSession, clearSession],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

/** SPEC §8: using the session outside its provider is an error. */
export function useSession(): SessionContextValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession must be used within a SessionProvider');
  return value;
}
