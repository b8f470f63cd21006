import { useQuery } from '@tanstack/react-query';
import { profileUpdateSchema } from '@/domain/account/account.schema';
import { createDateFormatter, type DateFormatStyle } from '@/domain/format/dates';
import { timezones, type Preferences, type ThemePreference } from '@/domain/preferences/preferences.schema';
import { useSession } from '@/web/lib/session';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { Input, Label } from '@/web/components/ui/input';
import { Select } from '@/web/components/ui/select';
import { Spinner } from '@/web/components/ui/spinner';
import { preferencesQuery, useTheme, useUpdatePreference } from '@/web/lib/preferences';
import { refusal, useSchemaForm } from '@/web/lib/form';
import { useUpdateFullName } from '../api/account';
import { ChangeEmailDialog } from './change-email-dialog';

/** The full name saves when the field loses focus (a changed one only). */
function FullNameField({ initial }: { initial: string }) {
  // Checked on leaving the field, which keeps the focus it is leaving to.
  const form = useSchemaForm(profileUpdateSchema, { fullName: initial }, { shouldFocusError: false });
  const { errors } = form.formState;
  const save = useUpdateFullName();
  const saveChange = form.handleSubmit((input) => {
    save.mutate(input.fullName, { onError: (failure) => form.setError('root', refusal(failure)) });
  });
  // Leaving the field unchanged checks nothing and saves nothing (a name set elsewhere stays as is).
  const leave = () => {
    if (form.getValues('fullName').trim() !== initial.trim()) void saveChange();
    else form.clearErrors();
  };
  return (
    <div className="flex flex-col gap-2">
      {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
      <Field
        id="settings-full-name"
        label="Full name"
        autoComplete="name"
        error={errors.fullName?.message}
        {...form.register('fullName', { onBlur: leave })}
      />
    </div>
  );
}

const DATE_FORMATS: readonly DateFormatStyle[] = ['US', 'EU', 'ISO'];

/**
 * Each format named with the current moment as the site writes it in the member's zone ("US — Nov 25,
 * 4:14 PM"): a pattern such as MM/DD/YYYY would promise a shape no date on the site has.
 */
function DateFormatOptions({ timeZone }: { timeZone: string }) {
  const now = new Date();
  return DATE_FORMATS.map((dateFormat) => (
    <option key={dateFormat} value={dateFormat}>
      {dateFormat} — {createDateFormatter({ timeZone, dateFormat }).dateTime(now)}
    </option>
  ));
}

export function GeneralTab() {
  const { user, profile } = useSession();
  const { theme, setTheme } = useTheme();
  const userId = user?.id ?? '';
  const preferences = useQuery(preferencesQuery(userId));
  const update = useUpdatePreference(userId);

  if (!user) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>General</CardTitle>
        <CardDescription>Your name, email address and how the site looks.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <FullNameField key={profile?.fullName ?? ''} initial={profile?.fullName ?? ''} />
        <div className="flex flex-col gap-2">
          <Label htmlFor="settings-email">Email</Label>
          <div className="flex gap-2">
            <Input
              id="settings-email"
              value={user.email}
              readOnly
              aria-readonly="true"
              className="bg-muted"
            />
            <ChangeEmailDialog currentEmail={user.email} twoFactorEnabled={Boolean(user.twoFactorEnabled)} />
          </div>
        </div>
        {preferences.isPending ? (
          <Spinner label="Loading preferences..." />
        ) : preferences.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load preferences
          </p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-3">
            <div className="flex flex-col gap-2">
              <Label htmlFor="settings-theme">Theme</Label>
              <Select
                id="settings-theme"
                value={theme}
                onChange={(event) => setTheme(event.target.value as ThemePreference)}
              >
                <option value="light">Light</option>
                <option value="dark">Dark</option>
                <option value="system">System</option>
              </Select>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="settings-timezone">Timezone</Label>
              <Select
                id="settings-timezone"
                value={preferences.data.timezone}
                onChange={(event) => update.mutate({ field: 'timezone', value: event.target.value })}
              >
                {timezones.map((zone) => (
                  <option key={zone.value} value={zone.value}>
                    {zone.label}
                  </option>
                ))}
              </Select>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="settings-date-format">Date format</Label>
              <Select
                id="settings-date-format"
                value={preferences.data.dateFormat}
                onChange={(event) =>
                  update.mutate({
                    field: 'dateFormat',
                    value: event.target.value as Preferences['dateFormat'],
                  })
                }
              >
                <DateFormatOptions timeZone={preferences.data.timezone} />
              </Select>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
