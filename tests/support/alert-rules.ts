import type { AlertRule } from '../../src/domain/alerts/alerts.schema';

export const ALERT_RULE_ID = 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f';

/** A stored rule as the API returns it: "XRP goes above $2.50", set while XRP was below; change what a test needs. */
export const alertRule = (overrides: Partial<AlertRule> = {}): AlertRule => ({
  id: ALERT_RULE_ID,
  kind: 'price',
  direction: 'above',
  target: 2.5,
  percent: null,
  window: null,
  note: null,
  active: true,
  lastSide: 'below',
  lastFiredAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  watchedAccountId: null,
  watchedAccountLabel: null,
  entity: null,
  history: null,
  ...overrides,
});
