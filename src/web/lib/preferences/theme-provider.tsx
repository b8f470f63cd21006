import { useQuery } from '@tanstack/react-query';
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { ThemePreference } from '@/domain/preferences/preferences.schema';
import {
  parseStoredTheme,
  resolveTheme,
  THEME_STORAGE_KEY,
  themeForSession,
  type ResolvedTheme,
} from '@/domain/theme/theme';
import { preferencesQuery, useUpdatePreference } from './preferences-query';
import { useSession } from '@/web/lib/session';

interface ThemeContextValue {
  theme: ThemePreference;
  resolvedTheme: ResolvedTheme;
  setTheme(theme: ThemePreference): void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);
const darkQuery = '(prefers-color-scheme: dark)';

function readStoredTheme(): ThemePreference {
  try {
    return parseStoredTheme(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'light';
  }
}

function writeStoredTheme(theme: ThemePreference | null): void {
  try {
    if (theme) localStorage.setItem(THEME_STORAGE_KEY, theme);
    else localStorage.removeItem(THEME_STORAGE_KEY);
  } catch {
    // Storage can be blocked; the theme still applies for this visit.
  }
}

function usePrefersDark(): boolean {
  const [prefersDark, setPrefersDark] = useState(() => matchMedia(darkQuery).matches);
  useEffect(() => {
    const media = matchMedia(darkQuery);
    const onChange = (event: MediaQueryListEvent) => setPrefersDark(event.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  return prefersDark;
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const userId = session.user?.id;
  const [theme, setThemeState] = useState<ThemePreference>(readStoredTheme);
  const prefersDark = usePrefersDark();
  const resolvedTheme = resolveTheme(theme, prefersDark);

  const preferences = useQuery({ ...preferencesQuery(userId ?? ''), enabled: Boolean(userId) });
  const savedPreference = userId ? preferences.data?.themePreference : undefined;

  // When the session settles (or the user changes) the session decides the theme. This is
  // state derived from props, so it is adjusted during render rather than in an effect.
  const sessionKey = session.loading ? 'loading' : `${userId ?? 'anonymous'}:${savedPreference ?? ''}`;
  const [appliedKey, setAppliedKey] = useState<string | null>(null);
  if (sessionKey !== appliedKey) {
    const next = themeForSession({
      sessionLoading: session.loading,
      signedIn: Boolean(userId),
      savedPreference,
    });
    if (next) {
      setAppliedKey(sessionKey);
      setThemeState(next);
    }
  }

  useEffect(() => {
    if (!session.loading) writeStoredTheme(userId ? theme : null);
  }, [session.loading, userId, theme]);

  // Before any effect of the commit: children's effects run before their parent's, and the charts
  // read their colours from the page's theme variables in theirs (use-chart.ts), so with a plain
  // effect here they read the theme being left and kept its colours.
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', resolvedTheme === 'dark');
    root.style.colorScheme = resolvedTheme;
  }, [resolvedTheme]);

  const { mutate } = useUpdatePreference(userId ?? '');
  const setTheme = useCallback(
    (value: ThemePreference) => {
      setThemeState(value);
      if (userId) mutate({ field: 'themePreference', value });
    },
    [userId, mutate],
  );

  const value = useMemo(() => ({ theme, resolvedTheme, setTheme }), [theme, resolvedTheme, setTheme]);
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

/** Using the theme outside its provider is an error. */
export function useTheme(): ThemeContextValue {
  const value = use(ThemeContext);
  if (!value) throw new Error('useTheme must be used within a ThemeProvider');
  return value;
}
