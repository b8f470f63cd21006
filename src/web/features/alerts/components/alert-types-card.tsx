import { useQuery } from '@tanstack/react-query';
import { alertTypes } from '@/domain/alerts/alerts.schema';
import { canUpdatePreference } from '@/domain/preferences/preferences.schema';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { Switch } from '@/web/components/ui/switch';
import { SettingRow } from '@/web/components/setting-row';
import { preferencesQuery, useUpdatePreference } from '@/web/lib/preferences';

/** One switch per alert type, saved to the member's preferences; Premium's types lock on Free. */
export function AlertTypesCard({ userId, isPremium }: { userId: string; isPremium: boolean }) {
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
