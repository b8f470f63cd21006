import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  canUpdatePreference,
  type PreferenceField,
  type Preferences,
} from '@/domain/preferences/preferences.schema';
import { useSession } from '@/web/lib/session';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Select } from '@/web/components/ui/select';
import { Spinner } from '@/web/components/ui/spinner';
import { Switch } from '@/web/components/ui/switch';
import { SettingRow } from '@/web/components/setting-row';
import { preferencesQuery, useUpdatePreference, type PreferenceUpdate } from '@/web/lib/preferences';
import { PushToggle, PushUnsupportedNote } from '@/web/features/alerts';

type BooleanField = { [F in PreferenceField]: Preferences[F] extends boolean ? F : never }[PreferenceField];

const emailToggles: { field: BooleanField; label: string; description: string }[] = [
  {
    field: 'notificationEmailPriceAlerts',
    label: 'Price alerts',
    description: 'When XRP crosses one of the price targets you set on the Alerts page.',
  },
  {
    field: 'notificationEmailWhaleAlerts',
    label: 'Whale alerts',
    description: 'Transfers above 1M XRP on the ledger.',
  },
  {
    field: 'notificationEmailRegulatoryUpdates',
    label: 'Regulatory updates',
    description: 'Rulings, filings and policy news.',
  },
  {
    field: 'notificationEmailAdoptionAlerts',
    label: 'Adoption alerts',
    description: 'Institutions adopting XRP and the XRP Ledger.',
  },
  {
    field: 'notificationEmailWeeklySummary',
    label: 'Weekly summary',
    description: 'A weekly market summary every Monday.',
  },
  {
    field: 'notificationEmailCommentReplies',
    label: 'Replies to my comments',
    description: 'When another member replies to a comment of yours in a discussion.',
  },
];

const pushToggles: { field: BooleanField; label: string }[] = [
  { field: 'notificationPushEnabled', label: 'Push notifications' },
  { field: 'notificationPushPriceAlerts', label: 'Price alerts' },
  { field: 'notificationPushWhaleAlerts', label: 'Whale alerts' },
  { field: 'notificationPushRegulatoryUpdates', label: 'Regulatory updates' },
  { field: 'notificationPushAdoptionAlerts', label: 'Adoption alerts' },
];

export function NotificationsTab() {
  const { user, isPremium } = useSession();
  const userId = user?.id ?? '';
  const preferences = useQuery(preferencesQuery(userId));
  const update = useUpdatePreference(userId);

  if (preferences.isPending) return <Spinner label="Loading preferences..." />;
  if (preferences.isError)
    return (
      <p role="alert" className="text-destructive">
        Failed to load preferences
      </p>
    );
  const values = preferences.data;
  const save = (change: PreferenceUpdate) => update.mutate(change);
  const toggle = (
    { field, label, description }: { field: BooleanField; label: string; description?: string },
    idPrefix: string,
  ) => {
    const locked = !canUpdatePreference(field, isPremium);
    return (
      <SettingRow
        key={field}
        id={`${idPrefix}-${field}`}
        label={label}
        {...(description ? { description } : {})}
        premium={locked}
      >
        <Switch
          id={`${idPrefix}-${field}`}
          // A locked switch shows what the member gets on their plan (nothing), not a value saved
          // before a downgrade: the server ignores it for them (deliveries.service).
          checked={locked ? false : values[field]}
          disabled={locked}
          onCheckedChange={(checked) => save({ field, value: checked } as PreferenceUpdate)}
        />
      </SettingRow>
    );
  };
  const customLocked = !canUpdatePreference('alertFrequency', isPremium);

  return (
    <div className="flex flex-col gap-6">
      {!isPremium && (
        <Card className="border-premium/50">
          <CardContent className="flex flex-wrap items-center justify-between gap-4 pt-6">
            <p className="text-sm">
              On Free, your price targets reach you by email and in the app. Whale, regulatory and adoption
              alerts, push notifications and alert customization come with Premium.
            </p>
            <Button asChild variant="premium">
              <Link to="/membership">Upgrade to Premium</Link>
            </Button>
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Email notifications</CardTitle>
        </CardHeader>
        <CardContent className="divide-y">
          {emailToggles.map((item) => toggle(item, 'email'))}
          <SettingRow
            id="security-alerts"
            label="Security alerts"
            description="Sign-in, password, email and 2FA changes. Always on."
          >
            <Switch id="security-alerts" checked disabled aria-readonly="true" />
          </SettingRow>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Push notifications</CardTitle>
          <CardDescription>Notifications in this browser.</CardDescription>
        </CardHeader>
        <CardContent className="divide-y">
          <div>
            <SettingRow
              id="push-this-browser"
              label="This browser"
              description="Subscribe this browser to push notifications."
              premium={!isPremium}
            >
              <PushToggle id="push-this-browser" />
            </SettingRow>
            <PushUnsupportedNote id="push-this-browser" />
          </div>
          {pushToggles.map((item) => toggle(item, 'push'))}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Alert customization</CardTitle>
          <CardDescription>How often alerts reach you, and when they stay quiet.</CardDescription>
        </CardHeader>
        <CardContent className="divide-y">
          <SettingRow id="alert-frequency" label="Alert frequency" premium={customLocked}>
            <Select
              id="alert-frequency"
              className="w-40"
              // A free account's alerts are instant (deliveries.service), whatever was saved.
              value={customLocked ? 'instant' : values.alertFrequency}
              disabled={customLocked}
              onChange={(event) =>
                save({ field: 'alertFrequency', value: event.target.value as Preferences['alertFrequency'] })
              }
            >
              <option value="instant">Instant</option>
              <option value="hourly">Hourly digest</option>
              <option value="daily">Daily digest</option>
            </Select>
          </SettingRow>
          {toggle(
            {
              field: 'quietHoursEnabled',
              label: 'Quiet hours',
              description: 'No push or email alerts during these hours.',
            },
            'custom',
          )}
          <div className="flex flex-wrap gap-4 py-3">
            <label className="flex items-center gap-2 text-sm">
              From
              <Input
                type="time"
                className="w-32"
                value={values.quietHoursStart}
                disabled={customLocked}
                onChange={(event) =>
                  event.target.value && save({ field: 'quietHoursStart', value: event.target.value })
                }
              />
            </label>
            <label className="flex items-center gap-2 text-sm">
              To
              <Input
                type="time"
                className="w-32"
                value={values.quietHoursEnd}
                disabled={customLocked}
                onChange={(event) =>
                  event.target.value && save({ field: 'quietHoursEnd', value: event.target.value })
                }
              />
            </label>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
