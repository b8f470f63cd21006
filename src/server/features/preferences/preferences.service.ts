import {
  CANNOT_UPDATE_FIELD,
  canUpdatePreference,
  parsePreferenceUpdate,
  type PreferenceField,
  type Preferences,
} from '@/domain/preferences/preferences.schema';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { UserPreferences, UserPreferencesTable } from '../../db/schema';

type Column = Exclude<keyof UserPreferencesTable, 'user_id' | 'created_at' | 'updated_at'>;

/** camelCase API field → snake_case column of user_preferences. */
function columnOf(field: PreferenceField): Column {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`) as Column;
}

export function toPreferencesDto(row: UserPreferences): Preferences {
  return {
    themePreference: row.theme_preference,
    timezone: row.timezone,
    dateFormat: row.date_format,
    notificationEmailPriceAlerts: row.notification_email_price_alerts,
    notificationEmailWhaleAlerts: row.notification_email_whale_alerts,
    notificationEmailRegulatoryUpdates: row.notification_email_regulatory_updates,
    notificationEmailAdoptionAlerts: row.notification_email_adoption_alerts,
    notificationEmailWeeklySummary: row.notification_email_weekly_summary,
    notificationEmailCommentReplies: row.notification_email_comment_replies,
    notificationPushEnabled: row.notification_push_enabled,
    notificationPushPriceAlerts: row.notification_push_price_alerts,
    notificationPushWhaleAlerts: row.notification_push_whale_alerts,
    notificationPushRegulatoryUpdates: row.notification_push_regulatory_updates,
    notificationPushAdoptionAlerts: row.notification_push_adoption_alerts,
    alertFrequency: row.alert_frequency,
    quietHoursEnabled: row.quiet_hours_enabled,
    quietHoursStart: row.quiet_hours_start,
    quietHoursEnd: row.quiet_hours_end,
    alertsPriceEnabled: row.alerts_price_enabled,
    alertsWhaleEnabled: row.alerts_whale_enabled,
    alertsRegulatoryEnabled: row.alerts_regulatory_enabled,
    alertsAdoptionEnabled: row.alerts_adoption_enabled,
  };
}

/** A member's preferences, by user_id; the row is inserted with theme_preference light when missing. */
export async function getPreferences(db: Db, userId: string): Promise<Preferences> {
  await db
    .insertInto('user_preferences')
    .values({ user_id: userId, theme_preference: 'light' })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('user_preferences')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return toPreferencesDto(row);
}

/**
 * A member's change of one preference: an unknown field or a bad value is refused (422), a
 * Premium-only field for a free member too (403); returns the whole set.
 */
export async function changePreference(
  db: Db,
  viewer: { userId: string; isPremium: boolean },
  body: Record<string, unknown>,
): Promise<Preferences> {
  const update = parsePreferenceUpdate(body);
  if (!update.ok) throw new AppError('validation_error', update.message);
  if (!canUpdatePreference(update.field, viewer.isPremium))
    throw new AppError('forbidden', CANNOT_UPDATE_FIELD);
  return updatePreference(db, viewer.userId, update.field, update.value);
}

/** Updates one already-validated field and returns the whole set. */
export async function updatePreference<F extends PreferenceField>(
  db: Db,
  userId: string,
  field: F,
  value: Preferences[F],
): Promise<Preferences> {
  await getPreferences(db, userId);
  const row = await db
    .updateTable('user_preferences')
    .set({ [columnOf(field)]: value, updated_at: new Date() })
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toPreferencesDto(row);
}
