import type { AlertRule } from '@/domain/alerts/alerts.schema';
import { useDates } from '@/web/lib/preferences';

/** A percentage rule's note: whether the stored prices reach back one window yet (server-computed). */
export function HistoryNote({ rule }: { rule: AlertRule }) {
  const dates = useDates();
  if (rule.kind !== 'percent' || !rule.history) return null;
  const span = rule.window === '1h' ? '1 h' : '24 h';
  if (rule.history.ready)
    return (
      <p className="text-xs text-muted-foreground" data-testid="history-note">
        Ready: {span} of price history stored
      </p>
    );
  return (
    <p className="text-xs text-muted-foreground" data-testid="history-note">
      Needs {span} of price history;{' '}
      {rule.history.readyAt
        ? `first possible alert after ${dates.dateTime(rule.history.readyAt)} ${dates.zoneName(rule.history.readyAt)}`
        : `first possible alert unknown: no XRP price stored in the last ${span === '1 h' ? 'hour' : '24 hours'}`}
    </p>
  );
}
