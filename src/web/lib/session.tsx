import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { sessionEventEffect } from '@/domain/session/session-events';
import type { Profile, SessionState, SessionUser } from '@/domain/session/session.schema';
import { signedOutState } from '@/domain/session/signed-out';
import { SUBSCRIPTION_CHECK_INTERVAL_MS } from '@/domain/subscription/check-interval';
import type { SubscriptionStatus } from '@/domain/subscription/subscription.schema';
import { api, unwrap } from '@/web/lib/api-client';
import { emitSessionEvent, onSessionEvent } from '@/web/lib/session-events';

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
  /** An analyst or an administrator: the analyst inbox. */
  isAnalyst: boolean;
  /** The last subscription check (every 60 s while signed in); null until the first. */
  subscriptionStatus: SubscriptionStatus | null;
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
  const userId = state.user?.id;

  const subscription = useQuery({
    queryKey: ['subscription', userId],
    queryFn: () => unwrap(api.subscription.check.$get()),
    enabled: Boolean(userId),
    refetchInterval: SUBSCRIPTION_CHECK_INTERVAL_MS,
  });
  // After each subscription check the profile is fetched again (a plan may have changed).
  const checkedAt = subscription.dataUpdatedAt;
  useEffect(() => {
    if (checkedAt) void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
  }, [checkedAt, queryClient]);

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
  }, [queryClient]);

  const endSession = useCallback(async () => {
    // better-auth's client is loaded when it is needed (sign-in pages, sign-out), not with every page.
    const { authClient } = await import('@/web/lib/auth-client');
    const result = await authClient.signOut();
    if (result.error) throw new Error(result.error.message ?? 'The server did not end the session');
  }, []);

  const forget = useCallback(() => {
    queryClient.setQueryData(sessionQuery.queryKey, signedOutState);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
  }, [queryClient]);

  const clearSession = useCallback(() => {
    forget();
    emitSessionEvent('SIGNED_OUT');
  }, [forget]);

  // Session events from this tab's pages and from the user's other tabs.
  useEffect(
    () =>
      onSessionEvent((type) => {
        const effect = sessionEventEffect(type);
        // A refresh may follow a plan change (checkout in another tab): the billing views follow it.
        if (effect === 'refresh')
          for (const key of ['session', 'subscription', 'billing'])
            void queryClient.invalidateQueries({ queryKey: [key] });
        if (effect === 'clear') forget();
      }),
    [queryClient, forget],
  );

  const value = useMemo<SessionContextValue>(
    () => ({
      user: state.user,
      session: state.session,
      profile: state.profile,
      role: state.role,
      loading: isPending,
      isPremium: state.isPremium,
      isAdmin: state.isAdmin,
      isAnalyst: state.isAnalyst,
      subscriptionStatus: subscription.data ?? null,
      refresh,
      endSession,
      clearSession,
    }),
    [state, isPending, subscription.data, refresh, endSession, clearSession],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

/** Using the session outside its provider is an error. */
export function useSession(): SessionContextValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession must be used within a SessionProvider');
  return value;
}
