import { useQuery } from '@tanstack/react-query';
import { describeRule } from '@/domain/alerts/alerts.schema';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { useDates } from '@/web/lib/preferences';
import { rulesQuery, useDeleteRule, useUpdateRule } from '../api/alerts';
import { EditRuleDialog } from './edit-rule-dialog';
import { HistoryNote } from './history-note';

/** The member's rules, each with its state and its edit, pause/resume and delete buttons. */
export function YourAlertsCard({ userId, isPremium }: { userId: string; isPremium: boolean }) {
  const dates = useDates();
  const rules = useQuery(rulesQuery(userId));
  const updateRule = useUpdateRule(userId);
  const deleteRule = useDeleteRule(userId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Alerts</CardTitle>
      </CardHeader>
      <CardContent>
        {rules.isPending ? (
          <Spinner label="Loading alerts..." />
        ) : rules.isError ? (
          <p role="alert" className="text-destructive">
            Failed to load your alerts
          </p>
        ) : rules.data.rules.length === 0 ? (
          <p className="text-sm text-muted-foreground">No alerts set yet. Set a price target above.</p>
        ) : (
          <ul className="divide-y" aria-label="Your alerts">
            {rules.data.rules.map((rule) => (
              <li
                key={rule.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
                data-testid="alert-rule"
              >
                <div className="min-w-0">
                  <p className="text-sm font-medium">
                    {describeRule(rule)}
                    {!rule.active && <span className="ml-2 text-xs text-muted-foreground">(Paused)</span>}
                  </p>
                  {rule.note && <p className="text-sm text-muted-foreground">{rule.note}</p>}
                  {rule.kind !== 'price' && !isPremium && (
                    <p className="text-xs text-muted-foreground">
                      Not checked on the Free plan: it works again with Premium.
                    </p>
                  )}
                  <HistoryNote rule={rule} />
                  <p className="text-xs text-muted-foreground">
                    {rule.lastFiredAt
                      ? `Last fired ${dates.dateTime(rule.lastFiredAt)} (${dates.age(rule.lastFiredAt)})`
                      : 'Not fired yet'}
                  </p>
                </div>
                <div className="flex gap-2">
                  {(rule.kind === 'price' || isPremium) && <EditRuleDialog rule={rule} userId={userId} />}
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => updateRule.mutate({ id: rule.id, active: !rule.active })}
                    aria-label={`${rule.active ? 'Pause' : 'Resume'} ${describeRule(rule)}`}
                  >
                    {rule.active ? 'Pause' : 'Resume'}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => deleteRule.mutate(rule.id)}
                    aria-label={`Delete ${describeRule(rule)}`}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
