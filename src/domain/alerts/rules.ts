import { TZDate } from '@date-fns/tz';
import {
  alertTypes,
  WINDOW_MS,
  type AccountMoveDirection,
  type NotificationType,
  type CrossingDirection,
  type MoveDirection,
} from './alerts.schema';

export type Side = 'above' | 'below';

/** A value at the target counts as above it: "reaches $0.70" fires at exactly 0.70. */
export function sideOf(value: number, target: number): Side {
  return value >= target ? 'above' : 'below';
}

/**
 * A price or Fear & Greed rule fires when the value moves to the other side of the target in the
 * rule's direction. The side is remembered, so a crossing fires once; the rule re-arms only after the
 * value has moved back past the target. The first value a rule sees (no side yet) only sets the side.
 */
export function evaluateCrossing(
  direction: CrossingDirection,
  target: number,
  lastSide: Side | null,
  value: number,
): { fire: boolean; side: Side } {
  const side = sideOf(value, target);
  if (lastSide === null || side === lastSide) return { fire: false, side };
  return { fire: direction === 'crosses' || direction === side, side };
}

export interface PercentRule {
  direction: MoveDirection;
  percent: number;
  windowMs: number;
  lastFiredAt: Date | null;
}

/**
 * A percentage rule compares the new price with the price one window earlier. After it fires it waits
 * one window (its cooldown) before it may fire again, so a single move alerts once.
 */
export function evaluatePercent(
  rule: PercentRule,
  current: { price: number; at: Date },
  reference: { price: number; at: Date } | null,
): { fire: boolean; change: number | null } {
  if (!reference || reference.price <= 0) return { fire: false, change: null };
  const change = ((current.price - reference.price) / reference.price) * 100;
  if (rule.lastFiredAt && current.at.getTime() - rule.lastFiredAt.getTime() < rule.windowMs)
    return { fire: false, change };
  const hit =
    rule.direction === 'up'
      ? change >= rule.percent
      : rule.direction === 'down'
        ? change <= -rule.percent
        : Math.abs(change) >= rule.percent;
  return { fire: hit, change };
}

/** How a payment touched a rule's entity: it sent it, received it, or moved it between its own accounts. */
export type EntityRole = 'sent' | 'received' | 'internal';

/**
 * Whether an entity rule fires for a whale payment, and how the entity took part: the entity (the
 * registry's, compared without case) sent it for 'out' or 'either', received it for 'in' or 'either',
 * and the amount is at least the target. A transfer between two accounts of one entity is neither in
 * nor out, so only 'either' fires for it.
 */
export function entityMoveMatch(
  rule: { entity: string; direction: AccountMoveDirection; target: number },
  payment: { fromEntity: string | null; toEntity: string | null; amountXrp: number },
): EntityRole | null {
  if (payment.amountXrp < rule.target) return null;
  const entity = rule.entity.toLowerCase();
  const sent = payment.fromEntity?.toLowerCase() === entity;
  const received = payment.toEntity?.toLowerCase() === entity;
  if (sent && received) return rule.direction === 'either' ? 'internal' : null;
  if (sent) return rule.direction === 'in' ? null : 'sent';
  if (received) return rule.direction === 'out' ? null : 'received';
  return null;
}

/**
 * The figure an exchange net-flow rule holds against its target: the net inflow for 'in', the net
 * outflow for 'out', and either one, whichever it is, for 'either'.
 */
export function netflowValue(direction: AccountMoveDirection, netInflowXrp: number): number {
  if (direction === 'in') return netInflowXrp;
  if (direction === 'out') return -netInflowXrp;
  return Math.abs(netInflowXrp);
}

/**
 * A net-flow rule fires when its figure reaches the target from below, once: it re-arms only after
 * the figure fell back below the target. As for a price, the first figure a rule sees only sets the
 * side.
 */
export function evaluateNetflow(
  rule: { direction: AccountMoveDirection; target: number },
  lastSide: Side | null,
  netInflowXrp: number,
): { fire: boolean; side: Side; value: number } {
  const value = netflowValue(rule.direction, netInflowXrp);
  return { ...evaluateCrossing('above', rule.target, lastSide, value), value };
}

/**
 * An exchange's reserve compared with its reading at least a day older, as a percentage rule over
 * 24 hours: after it fires it waits a day, so one move alerts once. No older reading, or an older
 * balance of nothing, cannot make a percentage: no alert.
 */
export function evaluateReserveChange(
  rule: { direction: MoveDirection; percent: number; lastFiredAt: Date | null },
  latest: { balanceXrp: number; at: Date },
  older: { balanceXrp: number; at: Date } | null,
): { fire: boolean; change: number | null } {
  return evaluatePercent(
    { ...rule, windowMs: WINDOW_MS['24h'] },
    { price: latest.balanceXrp, at: latest.at },
    older && { price: older.balanceXrp, at: older.at },
  );
}

/**
 * The oldest a reference price may be: one and a half windows. With a gap in the data (the server was
 * down), an older price would make a slow drift look like a sudden move.
 */
export function referenceIsUsable(referenceAt: Date, currentAt: Date, windowMs: number): boolean {
  const age = currentAt.getTime() - referenceAt.getTime();
  return age >= windowMs && age <= windowMs * 1.5;
}

/** What the stored XRP prices say about a percentage rule's window (see `percentHistory`). */
export interface StoredPrices {
  /** The newest stored price at or before one window ago. */
  referenceAt: Date | null;
  /** The oldest stored price within the last window. */
  oldestRecentAt: Date | null;
  /** The newest stored row carries CoinGecko's own 24-hour change. */
  latestHasDayChange: boolean;
}

export type HistoryStatus = { ready: true } | { ready: false; readyAt: Date | null };

const DAY_WINDOW_MS = 86_400_000;

/**
 * Whether a percentage rule can fire on the next price, as the evaluation decides it: it needs a
 * stored price one window back, at most one and a half windows old (`referenceIsUsable`); a 24-hour
 * window may instead use CoinGecko's own 24-hour change of the newest row. Not ready: the earliest it
 * can fire is one window after the oldest price of the last window — unknown (null) when none is
 * stored, since the history starts again only with the next sync.
 */
export function percentHistory(windowMs: number, now: Date, stored: StoredPrices): HistoryStatus {
  if (stored.referenceAt && referenceIsUsable(stored.referenceAt, now, windowMs)) return { ready: true };
  if (windowMs === DAY_WINDOW_MS && stored.latestHasDayChange) return { ready: true };
  return {
    ready: false,
    readyAt: stored.oldestRecentAt ? new Date(stored.oldestRecentAt.getTime() + windowMs) : null,
  };
}

export interface QuietHours {
  enabled: boolean;
  start: string;
  end: string;
  timezone: string;
}

const minutesOf = (clock: string) => {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
};

/**
 * When quiet hours hold email and push, the instant they end; null outside them. Times are the user's
 * wall clock in their timezone; a range whose start is after its end runs over midnight. A range with
 * the same start and end is empty.
 */
export function quietHoursEnd(now: Date, quiet: QuietHours): Date | null {
  if (!quiet.enabled) return null;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return null;
  const local = new TZDate(now.getTime(), quiet.timezone);
  const minute = local.getHours() * 60 + local.getMinutes();
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return null;
  // Over midnight and before it: the end is on the next local day.
  const dayOffset = start > end && minute >= start ? 1 : 0;
  const ends = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate() + dayOffset,
    Math.floor(end / 60),
    end % 60,
    0,
    quiet.timezone,
  );
  return new Date(ends.getTime());
}

export type AlertFrequency = 'instant' | 'hourly' | 'daily';
/** Daily digests go out at this local hour. */
export const DAILY_DIGEST_HOUR = 8;

/** When an email alert made at `now` is due: at once, at the next full local hour, or at the next 08:00. */
export function digestDueAt(now: Date, frequency: AlertFrequency, timezone: string): Date {
  if (frequency === 'instant') return now;
  const local = new TZDate(now.getTime(), timezone);
  if (frequency === 'hourly') {
    const next = new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate(),
      local.getHours() + 1,
      0,
      0,
      timezone,
    );
    return new Date(next.getTime());
  }
  const today = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate(),
    DAILY_DIGEST_HOUR,
    0,
    0,
    timezone,
  );
  if (today.getTime() > now.getTime()) return new Date(today.getTime());
  const tomorrow = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate() + 1,
    DAILY_DIGEST_HOUR,
    0,
    0,
    timezone,
  );
  return new Date(tomorrow.getTime());
}

/** When a delivery made at `now` may go out: its digest time, moved to the end of quiet hours. */
export function deliveryDueAt(
  now: Date,
  preferences: { frequency: AlertFrequency; quiet: QuietHours },
  channel: 'email' | 'push',
): Date {
  // Push is a nudge, not a report: it is never batched, only held by quiet hours.
  const due = channel === 'push' ? now : digestDueAt(now, preferences.frequency, preferences.quiet.timezone);
  return quietHoursEnd(due, preferences.quiet) ?? due;
}

export interface DigestItem {
  type: NotificationType;
  title: string;
  body: string;
  url: string | null;
  createdAt: Date;
}

export interface Digest {
  subject: string;
  sections: { type: NotificationType; name: string; items: DigestItem[] }[];
}

/** One email for a user's due alerts: sections in the alert types' order, oldest first within each. */
export function groupDigest(items: readonly DigestItem[]): Digest {
  const sections = [
    ...alertTypes,
    { id: 'reply' as const, name: 'Replies to your comments' },
    { id: 'answer' as const, name: 'Answers from our analysts' },
  ]
    .map((type) => ({
      type: type.id,
      name: type.name,
      items: items
        .filter((item) => item.type === type.id)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
    }))
    .filter((section) => section.items.length > 0);
  const only = items.length === 1 ? items[0] : undefined;
  return { subject: only ? only.title : `${items.length} new XRP alerts`, sections };
}
