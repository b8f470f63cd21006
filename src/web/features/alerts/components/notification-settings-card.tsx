import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Switch } from '@/web/components/ui/switch';
import { SettingRow } from '@/web/components/setting-row';
import { preferencesQuery, useUpdatePreference } from '@/web/lib/preferences';
import { PushToggle, PushUnsupportedNote } from './push-toggle';

/** The channels alerts arrive by: email, push in this browser, and SMS (not built yet). */
export function NotificationSettingsCard({ userId, isPremium }: { userId: string; isPremium: boolean }) {
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
