import {
  isAdminRole,
  isAnalystRole,
  isPremiumPlan,
  type Role,
  type SubscriptionPlan,
} from '../../src/domain/plans/entitlements';
import type { Preferences } from '../../src/domain/preferences/preferences.schema';
import type { SessionState } from '../../src/domain/session/session.schema';

export interface MemberOptions {
  plan?: SubscriptionPlan;
  /** The zone of the member's saved preferences. */
  timezone?: Preferences['timezone'];
  twoFactorEnabled?: boolean;
  fullName?: string;
  email?: string;
  role?: Role;
  /** Saved preferences other than the defaults (the theme, say). */
  preferences?: Partial<Preferences>;
}

/** A new member's preferences as the server stores them (the user_preferences defaults). */
const defaultPreferences: Preferences = {
  themePreference: 'light',
  timezone: 'UTC',
  dateFormat: 'US',
  notificationEmailPriceAlerts: true,
  notificationEmailWhaleAlerts: false,
  notificationEmailRegulatoryUpdates: false,
  notificationEmailAdoptionAlerts: false,
  notificationEmailWeeklySummary: true,
  notificationEmailCommentReplies: true,
  notificationPushEnabled: false,
  notificationPushPriceAlerts: false,
  notificationPushWhaleAlerts: false,
  notificationPushRegulatoryUpdates: false,
  notificationPushAdoptionAlerts: false,
  alertFrequency: 'instant',
  quietHoursEnabled: false,
  quietHoursStart: '22:00',
  quietHoursEnd: '08:00',
  alertsPriceEnabled: true,
  alertsWhaleEnabled: false,
  alertsRegulatoryEnabled: false,
  alertsAdoptionEnabled: false,
};

/**
 * A signed-in member as the server answers for them: `session` is GET /api/session, and `api` holds
 * GET /api/preferences and GET /api/subscription/check (spread it into renderApp's `api`).
 * isPremium and isAdmin follow the plan and the role as the server derives them.
 */
export function member({
  plan = 'free',
  timezone = 'UTC',
  twoFactorEnabled = false,
  fullName = 'Dana Reyes',
  email = 'dana.reyes@example.com',
  role = 'user',
  preferences = {},
}: MemberOptions = {}) {
  const createdAt = '2025-03-02T10:11:12.000Z';
  const session: SessionState = {
    user: {
      id: 'usr_8f2c1d',
      email,
      name: fullName,
      emailVerified: true,
      image: null,
      twoFactorEnabled,
      createdAt,
    },
    session: { id: 'ses_41aa', expiresAt: '2099-01-01T00:00:00.000Z' },
    profile: {
      id: 'prf_8f2c1d',
      userId: 'usr_8f2c1d',
      fullName,
      email,
      subscriptionPlan: plan,
      blocked: false,
      createdAt,
      updatedAt: '2025-11-30T08:00:00.000Z',
    },
    role,
    isPremium: isPremiumPlan(plan),
    isAdmin: isAdminRole(role),
    isAnalyst: isAnalystRole(role),
  };
  const saved: Preferences = { ...defaultPreferences, timezone, ...preferences };
  return {
    session,
    api: {
      'GET /api/preferences': saved,
      'GET /api/subscription/check': {
        subscribed: isPremiumPlan(plan),
        subscriptionEnd: plan === 'premium' ? '2026-01-02T10:11:12.000Z' : null,
        plan,
      },
    },
  };
}
