import { useQuery } from '@tanstack/react-query';
import { createContext, use, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import {
  createDateFormatter,
  deviceDateFormatter,
  deviceTimeZone,
  type DateFormatter,
} from '@/domain/format/dates';
import { preferencesQuery } from './preferences-query';
import { useSession } from '@/web/lib/session';

const DatesContext = createContext<DateFormatter | null>(null);

/**
 * Every date on a page is written by one formatter: a member's saved time zone and date format, a
 * guest's browser zone with US dates. Changing either setting rewrites every date at once.
 */
export function DatesProvider({ children }: { children: ReactNode }) {
  const userId = useSession().user?.id;
  const preferences = useQuery({ ...preferencesQuery(userId ?? ''), enabled: Boolean(userId) });
  const saved = userId ? preferences.data : undefined;
  // Read once: each reading makes an Intl formatter, and the provider renders on every session and
  // preferences change.
  const [deviceZone] = useState(deviceTimeZone);
  const timeZone = saved?.timezone ?? deviceZone;
  const dateFormat = saved?.dateFormat ?? 'US';
  const formatter = useMemo(() => createDateFormatter({ timeZone, dateFormat }), [timeZone, dateFormat]);
  // A changed zone or format rewrites every date on the page in a pass React can interrupt: the
  // preferences' answer would otherwise render each of them at once, in one task (ADR 0061).
  const shown = useDeferredValue(formatter);
  return <DatesContext value={shown}>{children}</DatesContext>;
}

let deviceFormatter: DateFormatter | undefined;

/** The reader's date formatter (outside the provider, as in a component test: this device's). */
export function useDates(): DateFormatter {
  return use(DatesContext) ?? (deviceFormatter ??= deviceDateFormatter());
}
