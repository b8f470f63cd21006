import { pageHeadings } from '@/domain/routing/page-headings';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { alertTypes, describeRule, type AlertRule } from '@/domain/alerts/alerts.schema';
import { formatPrice } from '@/domain/format/format';
import { canUpdatePreference } from '@/domain/preferences/preferences.schema';
import { useSession } from '@/web/lib/session';
import { PremiumBadge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { Switch } from '@/web/components/ui/switch';
import {
  notificationsQuery,
  rulesQuery,
  useDeleteRule,
  useMarkRead,
  useUpdateRule,
} from '@/web/features/alerts/api/alerts';
import { EditRuleDialog } from '@/web/features/alerts/components/edit-rule-dialog';
import { NotificationList } from '@/web/features/alerts/components/notification-item';
import { PushToggle, PushUnsupportedNote } from '@/web/features/alerts/components/push-toggle';
import { MarketAlertForms, PriceAlertForm } from '@/web/features/alerts/components/rule-forms';
import { preferencesQuery, useUpdatePreference } from '@/web/features/preferences/api/preferences';
import { SettingRow } from '@/web/features/settings/components/setting-row';
import { metricsQuery } from '@/web/features/market';
import { useDates } from '@/web/features/preferences';
import { PageHeading } from './page-heading';

function AlertTypesCard({ userId, isPremium }: { userId: string; isPremium: boolean }) {
  const preferences = useQuery(preferencesQuery(userId));
  const update = useUpdatePreference(userId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Alert Types</CardTitle>
        <CardDescription>Which alerts reach you. Saved to your account.</CardDescription>
      </CardHeader>
      <CardContent className="divide-y">
        {preferences.isPending ? (
          <Spinner label="Loading preferences..." />
        ) : preferences.isError ? (
          <p role="alert" className="text-destructive">
            Failed to load preferences
          </p>
        ) : (
          alertTypes.map((type) => {
            const locked = !canUpdatePreference(type.field, isPremium);
            return (
              <SettingRow
                key={type.id}
                id={`alert-type-${type.id}`}
                label={type.name}
                description={isPremium ? (type.premiumDescription ?? type.description) : type.description}
                premium={type.premium && !isPremium}
              >
                <Switch
                  id={`alert-type-${type.id}`}
                  // A locked type does nothing on this plan, whatever was saved before a downgrade.
                  checked={locked ? false : preferences.data[type.field]}
                  disabled={locked}
                  onCheckedChange={(checked) => update.mutate({ field: type.field, value: checked })}
                />
              </SettingRow>
            );
          })
        )}
      </CardContent>
    </Card>
  );
}

/** A percentage rule's note: whether the stored prices reach back one window yet (server-computed). */
function HistoryNote({ rule }: { rule: AlertRule }) {
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

function YourAlertsCard({ userId, isPremium }: { userId: string; isPremium: boolean }) {
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

/** The latest stored XRP price and its time, beside the price target form; "—" and why when unknown. */
function CurrentPrice() {
  const dates = useDates();
  const metrics = useQuery(metricsQuery);
  const latest = metrics.data?.latest ?? null;
  const reason = metrics.isPending
    ? 'Loading the latest price...'
    : metrics.isError
      ? 'The latest price could not be loaded.'
      : latest
        ? null
        : metrics.data.source.failingSince
          ? `No XRP price is stored: the market sync has failed since ${dates.dateTime(metrics.data.source.failingSince)}.`
          : 'No XRP price is stored yet: the first market sync has not run.';
  return (
    <section aria-labelledby="current-price-label" className="rounded-md border bg-muted/40 p-4 text-sm">
      <h3 id="current-price-label" className="font-medium text-muted-foreground">
        XRP now
      </h3>
      <p className="text-2xl font-semibold tabular-nums" data-testid="current-price">
        {latest && !reason ? formatPrice(latest.price) : '—'}
      </p>
      <p className="text-xs text-muted-foreground">
        {latest && !reason
          ? `As of ${dates.dateTime(latest.createdAt)} ${dates.zoneName(latest.createdAt)}`
          : reason}
      </p>
    </section>
  );
}

/** What a free member's alerts are, and what Premium adds: the page explains instead of redirecting. */
function PremiumAlertsExplainer() {
  return (
    <Card className="border-premium/50" data-testid="premium-alerts-explainer">
      <CardHeader>
        <CardTitle>Price targets are yours on Free; Premium adds the rest</CardTitle>
        <CardDescription>
          On the Free plan you can set XRP price targets below: they fire in the app, under the bell, and by
          email.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div>
          <p className="text-sm font-medium">Premium adds:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            <li>Percentage moves: XRP up or down a set % within 1 hour or 24 hours</li>
            <li>Fear &amp; Greed index levels</li>
            <li>Whale movements: transfers of 1M XRP or more on the XRP Ledger</li>
            <li>Regulatory news: rulings, filings and policy</li>
            <li>Adoption updates and new institutional events</li>
            <li>Payments into or out of the accounts you watch</li>
            <li>Email for every alert type, push notifications in your browser</li>
            <li>Hourly or daily digests and quiet hours</li>
          </ul>
        </div>
        <Button asChild variant="premium" className="self-start">
          <Link to="/membership">Upgrade to Premium</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function RecentAlertsCard({ userId }: { userId: string }) {
  const list = useQuery(notificationsQuery(userId, 20));
  const markRead = useMarkRead();
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>Recent Alerts</CardTitle>
        {(list.data?.unreadCount ?? 0) > 0 && (
          <Button
            variant="link"
            size="sm"
            className="h-auto p-0"
            onClick={() => markRead.mutate({ all: true })}
          >
            Mark all read
          </Button>
        )}
      </CardHeader>
      <CardContent>
        <NotificationList
          list={list}
          label="Recent alerts"
          empty="No alerts yet. They appear here, and under the bell, as soon as one of your alerts fires."
        />
      </CardContent>
    </Card>
  );
}

function NotificationSettingsCard({ userId, isPremium }: { userId: string; isPremium: boolean }) {
  const preferences = useQuery(preferencesQuery(userId));
  const update = useUpdatePreference(userId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notification Settings</CardTitle>
      </CardHeader>
      <CardContent className="divide-y">
        <SettingRow id="alerts-email" label="Email" description="Price alerts by email.">
          <Switch
            id="alerts-email"
            checked={preferences.data?.notificationEmailPriceAlerts ?? false}
            disabled={!preferences.data}
            onCheckedChange={(checked) =>
              update.mutate({ field: 'notificationEmailPriceAlerts', value: checked })
            }
          />
        </SettingRow>
        <div>
          <SettingRow
            id="alerts-push"
            label="Push"
            description={isPremium ? 'Notifications in this browser.' : 'Available with Premium.'}
            premium={!isPremium}
          >
            <PushToggle id="alerts-push" />
          </SettingRow>
          <PushUnsupportedNote id="alerts-push" />
        </div>
        <SettingRow
          id="alerts-sms"
          label="SMS"
          // SMS is not built for any plan yet, so every member reads the same thing.
          description="Coming soon."
        >
          <Switch id="alerts-sms" checked={false} disabled />
        </SettingRow>
        <p className="pt-3 text-sm">
          <Link to="/settings" className="text-primary hover:underline">
            Email types, digests and quiet hours
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}

/** The alerts page, with real rules, delivered alerts and saved toggles. */
export function Component() {
  const { user, isPremium } = useSession();
  const userId = user?.id ?? '';
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={pageHeadings.alerts.title}>{pageHeadings.alerts.description}</PageHeading>
      {!user && (
        <Card className="border-primary/40">
          <CardContent className="flex flex-wrap items-center justify-between gap-4 pt-6">
            <p>Sign in to set alerts and get notified.</p>
            <Button asChild>
              <Link to="/auth">Sign In</Link>
            </Button>
          </CardContent>
        </Card>
      )}
      {user && !isPremium && <PremiumAlertsExplainer />}
      {user && (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="flex flex-col gap-6 lg:col-span-2">
            <AlertTypesCard userId={userId} isPremium={isPremium} />
            <Card>
              <CardHeader>
                <CardTitle>Price Alert</CardTitle>
                <CardDescription>Get notified when XRP reaches your target.</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-6 sm:grid-cols-[1fr_12rem]">
                <div className="sm:order-2">
                  <CurrentPrice />
                </div>
                <PriceAlertForm userId={userId} disabled={false} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  Market Alerts {!isPremium && <PremiumBadge />}
                </CardTitle>
                <CardDescription>Sudden moves and sentiment extremes.</CardDescription>
              </CardHeader>
              <CardContent>
                <MarketAlertForms userId={userId} disabled={!isPremium} />
              </CardContent>
            </Card>
            <YourAlertsCard userId={userId} isPremium={isPremium} />
          </div>
          <div className="flex flex-col gap-6">
            <RecentAlertsCard userId={userId} />
            <NotificationSettingsCard userId={userId} isPremium={isPremium} />
          </div>
        </div>
      )}
      <Card className="bg-muted/40">
        <CardContent className="flex flex-wrap items-center justify-between gap-4 pt-6">
          <div>
            <p className="font-semibold">{isPremium ? 'Your Premium membership' : 'Never miss a move'}</p>
            <p className="text-sm text-muted-foreground">
              {isPremium
                ? 'See your plan, billing and invoices.'
                : 'Premium adds whale, regulatory and adoption alerts, push notifications and alert customization.'}
            </p>
          </div>
          <Button asChild variant={isPremium ? 'outline' : 'premium'}>
            <Link to={user ? '/membership' : '/auth'}>{isPremium ? 'Manage Membership' : 'Get Premium'}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
