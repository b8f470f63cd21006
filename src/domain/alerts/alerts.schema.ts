import { z } from 'zod';
import { WHALE_THRESHOLD_XRP } from '../whales/whales.schema';

/** Alert types: the four categories a user switches on or off on /alerts. */
export const alertTypeIdSchema = z.enum(['price', 'whale', 'regulatory', 'adoption']);
export type AlertTypeId = z.infer<typeof alertTypeIdSchema>;

/** What an in-app notification is about: an alert of one of the four types, or a reply to a comment. */
export const notificationTypeSchema = z.enum([...alertTypeIdSchema.options, 'reply', 'answer']);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export interface AlertType {
  id: AlertTypeId;
  name: string;
  description: string;
  /** What a Premium member reads instead, where the free wording would upsell what they already have. */
  premiumDescription?: string;
  premium: boolean;
  /** The preference field that switches the type on (saved per user on the server). */
  field: 'alertsPriceEnabled' | 'alertsWhaleEnabled' | 'alertsRegulatoryEnabled' | 'alertsAdoptionEnabled';
}

/** Price is free and on by default; whale, regulatory and adoption are premium and off by default. */
export const alertTypes: readonly AlertType[] = [
  {
    id: 'price',
    name: 'Price Alerts',
    description: 'Your price targets. Premium adds percentage moves and Fear & Greed levels',
    premiumDescription: 'Your price targets, percentage moves and Fear & Greed levels',
    premium: false,
    field: 'alertsPriceEnabled',
  },
  {
    id: 'whale',
    name: 'Whale Movements',
    description: 'Transfers of 1M XRP or more on the XRP Ledger',
    premium: true,
    field: 'alertsWhaleEnabled',
  },
  {
    id: 'regulatory',
    name: 'Regulatory News',
    description: 'New regulation articles: rulings, filings and policy',
    premium: true,
    field: 'alertsRegulatoryEnabled',
  },
  {
    id: 'adoption',
    name: 'Adoption Updates',
    description: 'Adoption articles and new institutional events in the Domino tracker',
    premium: true,
    field: 'alertsAdoptionEnabled',
  },
];

export const DEFAULT_PRICE_TARGET = 0.7;
/** Active and paused rules one user may hold. */
export const MAX_RULES_PER_USER = 25;

export const crossingDirectionSchema = z.enum(['above', 'below', 'crosses']);
export type CrossingDirection = z.infer<typeof crossingDirectionSchema>;
export const moveDirectionSchema = z.enum(['up', 'down', 'either']);
export type MoveDirection = z.infer<typeof moveDirectionSchema>;
export const percentWindowSchema = z.enum(['1h', '24h']);
export type PercentWindow = z.infer<typeof percentWindowSchema>;

export const WINDOW_MS: Record<PercentWindow, number> = { '1h': 3_600_000, '24h': 86_400_000 };

const note = z.string().trim().max(140, 'Keep the note under 140 characters').optional();

/** A price target (free). */
export const priceRuleInputSchema = z.object({
  kind: z.literal('price'),
  direction: crossingDirectionSchema.default('above'),
  target: z
    .number({ error: 'Enter a price target in USD' })
    .positive('The price target must be above 0')
    .max(100_000, 'The price target must be under $100,000')
    .multipleOf(0.0001, 'Use at most 4 decimals'),
  note,
});

/** A percentage move within an hour or a day (premium). */
export const percentRuleInputSchema = z.object({
  kind: z.literal('percent'),
  direction: moveDirectionSchema.default('either'),
  percent: z
    .number({ error: 'Enter a percentage' })
    .min(0.5, 'Use a move of at least 0.5 %')
    .max(100, 'Use a move of at most 100 %')
    .multipleOf(0.1, 'Use at most 1 decimal'),
  window: percentWindowSchema,
  note,
});

/** A Fear & Greed level (premium). */
export const fearGreedRuleInputSchema = z.object({
  kind: z.literal('fear_greed'),
  direction: crossingDirectionSchema.default('above'),
  target: z
    .number({ error: 'Enter an index level' })
    .int('Use a whole number from 1 to 99')
    .min(1, 'Use a whole number from 1 to 99')
    .max(99, 'Use a whole number from 1 to 99'),
  note,
});

export const accountMoveDirectionSchema = z.enum(['in', 'out', 'either']);
export type AccountMoveDirection = z.infer<typeof accountMoveDirectionSchema>;

/** A payment into or out of one of the member's watched accounts, of at least `target` XRP (premium). */
export const accountMoveRuleInputSchema = z.object({
  kind: z.literal('account_move'),
  watchedAccountId: z.uuid({ error: 'Choose one of your watched accounts' }),
  direction: accountMoveDirectionSchema.default('either'),
  target: z
    .number({ error: 'Enter an amount of XRP' })
    .positive('The amount must be above 0 XRP')
    .max(100_000_000_000, 'That is more XRP than exists')
    .multipleOf(0.000001, 'Use at most 6 decimals'),
  note,
});

/** An entity as the registry of known accounts spells it (its case does not matter). */
const entityName = z
  .string({ error: 'Choose an entity' })
  .trim()
  .min(1, 'Choose an entity')
  .max(100, 'An entity name is at most 100 characters');

/**
 * A whale payment to or from a named entity of at least `target` XRP (premium). Only payments of
 * the whale size are stored for every entity, so a smaller target could never be met.
 */
export const entityMoveRuleInputSchema = z.object({
  kind: z.literal('entity_move'),
  entity: entityName,
  direction: accountMoveDirectionSchema.default('either'),
  target: z
    .number({ error: 'Enter an amount of XRP' })
    .min(
      WHALE_THRESHOLD_XRP,
      'Use at least 1,000,000 XRP: only payments of 1M XRP or more are tracked for every entity',
    )
    .max(100_000_000_000, 'That is more XRP than exists')
    .multipleOf(0.000001, 'Use at most 6 decimals'),
  note,
});

/** The named exchanges' net inflow (in), net outflow (out) or either reaching `target` XRP over 24 hours (premium). */
export const exchangeNetflowRuleInputSchema = z.object({
  kind: z.literal('exchange_netflow'),
  direction: accountMoveDirectionSchema.default('either'),
  target: z
    .number({ error: 'Enter an amount of XRP' })
    .min(1, 'Use at least 1 XRP')
    .max(100_000_000_000, 'That is more XRP than exists')
    .multipleOf(0.000001, 'Use at most 6 decimals'),
  note,
});

/** One exchange's reserve moving by `percent` or more over 24 hours (premium). */
export const reserveChangeRuleInputSchema = z.object({
  kind: z.literal('reserve_change'),
  entity: entityName,
  direction: moveDirectionSchema.default('either'),
  percent: z
    .number({ error: 'Enter a percentage' })
    .min(0.5, 'Use a change of at least 0.5 %')
    .max(100, 'Use a change of at most 100 %')
    .multipleOf(0.1, 'Use at most 1 decimal'),
  note,
});

/**
 * What Set Alert sends: a price target (free), a percentage move, a Fear & Greed level, a watched
 * account's payment, a named entity's whale payment, the exchanges' net flow or an exchange's
 * reserve change (premium).
 */
export const alertRuleInputSchema = z
  .discriminatedUnion('kind', [
    priceRuleInputSchema,
    percentRuleInputSchema,
    fearGreedRuleInputSchema,
    accountMoveRuleInputSchema,
    entityMoveRuleInputSchema,
    exchangeNetflowRuleInputSchema,
    reserveChangeRuleInputSchema,
  ])
  .meta({ id: 'AlertRuleInput' });
export type AlertRuleInput = z.infer<typeof alertRuleInputSchema>;
export type AlertRuleKind = AlertRuleInput['kind'];

export const alertRuleSchema = z
  .object({
    id: z.string(),
    kind: z.enum([
      'price',
      'percent',
      'fear_greed',
      'account_move',
      'entity_move',
      'exchange_netflow',
      'reserve_change',
    ]),
    direction: z.string(),
    target: z.number().nullable(),
    percent: z.number().nullable(),
    window: percentWindowSchema.nullable(),
    note: z.string().nullable(),
    active: z.boolean(),
    /** Which side of the target the last value was on (price and Fear & Greed rules). */
    lastSide: z.enum(['above', 'below']).nullable(),
    lastFiredAt: z.string().nullable(),
    createdAt: z.string(),
    /** The watched account of an 'account_move' rule (portfolio), and the member's name for it. */
    watchedAccountId: z.string().nullable(),
    watchedAccountLabel: z.string().nullable(),
    /** The entity of an 'entity_move' or 'reserve_change' rule, as the registry spells it. */
    entity: z.string().nullable(),
    /**
     * A percentage rule's price history, from the stored market rows: ready to fire, or the earliest
     * time it can (null when no recent price is stored to start from). Null for the other kinds.
     */
    history: z
      .object({ ready: z.boolean(), readyAt: z.string().nullable() })
      .nullable()
      .meta({ id: 'AlertRuleHistory' }),
  })
  .meta({ id: 'AlertRule' });
export type AlertRule = z.infer<typeof alertRuleSchema>;

/**
 * What changes one rule: pause or resume it, re-note it, or edit it (`rule`: the same schema as
 * create, of the rule's own kind).
 */
export const alertRuleUpdateSchema = z
  .object({ active: z.boolean().optional(), note: note.nullable(), rule: alertRuleInputSchema })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Send active, note or rule')
  .meta({ id: 'AlertRuleUpdate' });
export type AlertRuleUpdate = z.infer<typeof alertRuleUpdateSchema>;

export const notificationSchema = z
  .object({
    id: z.string(),
    type: notificationTypeSchema,
    title: z.string(),
    body: z.string(),
    url: z.string().nullable(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z
  .object({
    items: z.array(notificationSchema),
    unreadCount: z.number().int(),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'NotificationList' });
export type NotificationList = z.infer<typeof notificationListSchema>;

export const markReadSchema = z
  .union([z.object({ ids: z.array(z.uuid()).min(1).max(100) }), z.object({ all: z.literal(true) })])
  .meta({ id: 'MarkRead' });

/** An amount of XRP in full with thousands separators: 5000000 → "5,000,000". */
export function formatXrpAmount(xrp: number): string {
  return xrp.toLocaleString('en-US', { maximumFractionDigits: 6 });
}

const flowWays = { in: 'in', out: 'out', either: 'in or out' } as const;
const netflowSubject = {
  in: 'net inflow',
  out: 'net outflow',
  either: 'net inflow or outflow',
} as const;

/** Describes a rule the way the alerts list and the notification say it. */
export function describeRule(
  rule: Pick<AlertRule, 'kind' | 'direction' | 'target' | 'percent' | 'window'> &
    Partial<Pick<AlertRule, 'watchedAccountLabel' | 'entity'>>,
): string {
  const way = (rule.direction in flowWays ? rule.direction : 'either') as keyof typeof flowWays;
  if (rule.kind === 'entity_move')
    return `${rule.entity ?? 'An entity'} moves ${formatXrpAmount(rule.target ?? 0)} XRP or more (${flowWays[way]})`;
  if (rule.kind === 'exchange_netflow')
    return `Exchanges' ${netflowSubject[way]} reaches ${formatXrpAmount(rule.target ?? 0)} XRP in 24 hours`;
  if (rule.kind === 'reserve_change') {
    const move = rule.direction === 'up' ? 'rises ' : rule.direction === 'down' ? 'falls ' : 'moves ±';
    return `${rule.entity ?? 'An exchange'}'s reserve ${move}${rule.percent}% in 24 hours`;
  }
  if (rule.kind === 'account_move') {
    const way = rule.direction === 'in' ? 'into' : rule.direction === 'out' ? 'out of' : 'into or out of';
    return `A payment of ${rule.target} XRP or more ${way} ${rule.watchedAccountLabel ?? 'a watched account'}`;
  }
  if (rule.kind === 'percent') {
    const move = rule.direction === 'up' ? 'rises' : rule.direction === 'down' ? 'falls' : 'moves';
    return `XRP ${move} ${rule.direction === 'either' ? '±' : ''}${rule.percent}% within ${rule.window === '1h' ? '1 hour' : '24 hours'}`;
  }
  const subject = rule.kind === 'price' ? 'XRP' : 'Fear & Greed';
  const level = rule.kind === 'price' ? `$${formatTarget(rule.target ?? 0)}` : String(rule.target);
  if (rule.direction === 'crosses') return `${subject} crosses ${level}`;
  return `${subject} goes ${rule.direction} ${level}`;
}

export function formatTarget(target: number): string {
  return target.toFixed(Math.max(2, Math.min(4, (String(target).split('.')[1] ?? '').length)));
}
