import { z } from 'zod';

export const themePreferenceSchema = z.enum(['light', 'dark', 'system']);
export type ThemePreference = z.infer<typeof themePreferenceSchema>;

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 22:00');

/** The timezones a member may choose, as IANA names with the labels the settings screen shows. */
export const timezones = [
  { value: 'UTC', label: 'UTC' },
  { value: 'America/New_York', label: 'New York' },
  { value: 'America/Chicago', label: 'Chicago' },
  { value: 'America/Denver', label: 'Denver' },
  { value: 'America/Los_Angeles', label: 'Los Angeles' },
  { value: 'Europe/London', label: 'London' },
  { value: 'Europe/Paris', label: 'Paris' },
  { value: 'Asia/Tokyo', label: 'Tokyo' },
] as const;

export const timezoneValues = timezones.map((zone) => zone.value) as [string, ...string[]];

/** Every user-editable preference (a user_preferences column) in the API's camelCase. */
export const preferencesShape = {
  themePreference: themePreferenceSchema,
  timezone: z.enum(timezoneValues),
  dateFormat: z.enum(['US', 'EU', 'ISO']),
  notificationEmailPriceAlerts: z.boolean(),
  notificationEmailWhaleAlerts: z.boolean(),
  notificationEmailRegulatoryUpdates: z.boolean(),
  notificationEmailAdoptionAlerts: z.boolean(),
  notificationEmailWeeklySummary: z.boolean(),
  /** Mail when another member replies to one of the member's comments (any plan, on by default). */
  notificationEmailCommentReplies: z.boolean(),
  notificationPushEnabled: z.boolean(),
  notificationPushPriceAlerts: z.boolean(),
  notificationPushWhaleAlerts: z.boolean(),
  notificationPushRegulatoryUpdates: z.boolean(),
  notificationPushAdoptionAlerts: z.boolean(),
  alertFrequency: z.enum(['instant', 'hourly', 'daily']),
  quietHoursEnabled: z.boolean(),
  quietHoursStart: clockTime,
  quietHoursEnd: clockTime,
  /** The /alerts alert type toggles, saved per user. */
  alertsPriceEnabled: z.boolean(),
  alertsWhaleEnabled: z.boolean(),
  alertsRegulatoryEnabled: z.boolean(),
  alertsAdoptionEnabled: z.boolean(),
};

export const preferencesSchema = z.object(preferencesShape).meta({ id: 'Preferences' });
export type Preferences = z.infer<typeof preferencesSchema>;
export type PreferenceField = keyof Preferences;

/** Preferences are updated one field at a time. */
export const preferenceUpdateSchema = z
  .record(z.string(), z.unknown())
  .refine((body) => Object.keys(body).length === 1, 'Send exactly one preference field')
  .meta({ id: 'PreferenceUpdate' });

export const CANNOT_UPDATE_FIELD = 'Cannot update this field';

export type PreferenceUpdateResult =
  { ok: true; field: PreferenceField; value: Preferences[PreferenceField] } | { ok: false; message: string };

/** Checks a one-field update against its field's rule; unknown fields get 'Cannot update this field'. */
export function parsePreferenceUpdate(body: Record<string, unknown>): PreferenceUpdateResult {
  const [field, value] = Object.entries(body)[0] ?? [];
  if (!field || !(field in preferencesShape)) return { ok: false, message: CANNOT_UPDATE_FIELD };
  const key = field as PreferenceField;
  const parsed = preferencesShape[key].safeParse(value);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid value' };
  return { ok: true, field: key, value: parsed.data };
}

/** Fields only premium members may change; free users see them disabled with a 'Premium' badge. */
export const premiumOnlyPreferenceFields: ReadonlySet<PreferenceField> = new Set<PreferenceField>([
  'notificationEmailWhaleAlerts',
  'notificationEmailRegulatoryUpdates',
  'notificationEmailAdoptionAlerts',
  'notificationPushEnabled',
  'notificationPushPriceAlerts',
  'notificationPushWhaleAlerts',
  'notificationPushRegulatoryUpdates',
  'notificationPushAdoptionAlerts',
  'alertFrequency',
  'quietHoursEnabled',
  'quietHoursStart',
  'quietHoursEnd',
  'alertsWhaleEnabled',
  'alertsRegulatoryEnabled',
  'alertsAdoptionEnabled',
]);

export function canUpdatePreference(field: PreferenceField, isPremium: boolean): boolean {
  return isPremium || !premiumOnlyPreferenceFields.has(field);
}
