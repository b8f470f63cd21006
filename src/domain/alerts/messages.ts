import { createDateFormatter } from '../format/dates';
import { formatAmount, formatPercent, formatPrice, formatUsd, MISSING } from '../format/format';
import { formatTarget, type AccountMoveDirection, type AlertTypeId } from './alerts.schema';
import type { EntityRole, Side } from './rules';
import { dropsToXrp } from '../xrpl/drops';
import { explorerTxUrl } from '../xrpl/explorer';

/** What a notification says: the same words in the bell, the email and the push. */
export interface AlertMessage {
  type: AlertTypeId;
  title: string;
  body: string;
  url: string | null;
}

const withNote = (body: string, note: string | null) => (note ? `${body} Note: ${note}` : body);

export function priceCrossingMessage(
  rule: { target: number; note: string | null },
  side: Side,
  price: number,
): AlertMessage {
  const target = `$${formatTarget(rule.target)}`;
  return {
    type: 'price',
    title: side === 'above' ? `XRP rose above ${target}` : `XRP fell below ${target}`,
    body: withNote(`XRP is at ${formatPrice(price)}, crossing your ${target} target.`, rule.note),
    url: '/analytics',
  };
}

export function percentMoveMessage(
  rule: { windowMinutes: number; note: string | null },
  change: number,
  from: number,
  to: number,
): AlertMessage {
  const window = rule.windowMinutes <= 60 ? '1 hour' : '24 hours';
  return {
    type: 'price',
    title: `XRP ${change >= 0 ? 'rose' : 'fell'} ${formatPercent(Math.abs(change))} in ${window}`,
    body: withNote(`From ${formatPrice(from)} to ${formatPrice(to)}.`, rule.note),
    url: '/analytics',
  };
}

export function fearGreedMessage(
  rule: { target: number; note: string | null },
  side: Side,
  value: number,
  classification: string,
): AlertMessage {
  return {
    type: 'price',
    title: `Fear & Greed ${side === 'above' ? 'rose above' : 'fell below'} ${rule.target}`,
    body: withNote(`The index is at ${value} (${classification}).`, rule.note),
    url: '/analytics',
  };
}

const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** A notification goes to members in every zone: its times are UTC, "2026-11-20 10:14 UTC". */
const utcDates = createDateFormatter({ timeZone: 'UTC', dateFormat: 'ISO' });
export const utcTime = (at: Date) => `${utcDates.dateTime(at)} UTC`;

/** An exact XRP decimal ("25000000.500000") in full with thousands separators: "25,000,000.5". */
export function exactXrp(amountXrp: string): string {
  const negative = amountXrp.startsWith('-');
  const [whole = '0', fraction = ''] = amountXrp.replace(/^[-+]/, '').split('.');
  const decimals = fraction.replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${decimals ? `.${decimals}` : ''}`;
}

/** One side of a whale payment: its address and the registry's live label and entity, if any. */
export interface PaymentParty {
  address: string;
  label: string | null;
  entity: string | null;
}

/** A stored XRP price in USD and the moment it is of. */
export interface StoredPrice {
  usd: number;
  at: Date;
}

/** A whale payment as its alerts tell it. */
export interface NamedWhale {
  transactionHash: string;
  /** Exact, as stored ("25000000.000000"). */
  amountXrp: string;
  at: Date;
  from: PaymentParty;
  to: PaymentParty;
  /** The XRP price stored nearest the payment within its UTC hour; null when that hour has none. */
  price: StoredPrice | null;
}

/** "Binance 12 (Binance)", "Bitstamp" when the label is the entity, "unknown wallet rN7n7o…fzRH". */
export function partyName(party: PaymentParty): string {
  if (party.label === null || party.entity === null) return `unknown wallet ${shortAddress(party.address)}`;
  return party.label.toLowerCase() === party.entity.toLowerCase()
    ? party.label
    : `${party.label} (${party.entity})`;
}

/** Who sent how much to whom and when, with its dollar value at the payment's hour or why it has none. */
function whaleBody(whale: NamedWhale): string {
  const xrp = Number(whale.amountXrp);
  const value = whale.price
    ? `${formatUsd(xrp * whale.price.usd)} at ${formatPrice(whale.price.usd)} per XRP (price of ${utcTime(whale.price.at)})`
    : `${MISSING} (no stored price that hour)`;
  return `${partyName(whale.from)} sent ${exactXrp(whale.amountXrp)} XRP to ${partyName(whale.to)} at ${utcTime(whale.at)}. Value: ${value}.`;
}

/** The Whale Movements alert every member who switched it on receives. */
export function whaleMessage(whale: NamedWhale): AlertMessage {
  return {
    type: 'whale',
    title: `Whale transfer: ${formatAmount(Number(whale.amountXrp))} XRP`,
    body: whaleBody(whale),
    url: explorerTxUrl(whale.transactionHash),
  };
}

/** A member's entity rule met by a whale payment: how the entity took part, then the payment. */
export function entityMoveMessage(
  rule: { entity: string; note: string | null },
  role: EntityRole,
  whale: NamedWhale,
): AlertMessage {
  const amount = `${formatAmount(Number(whale.amountXrp))} XRP`;
  const entity = (role === 'received' ? whale.to.entity : whale.from.entity) ?? rule.entity;
  const title =
    role === 'sent'
      ? `${entity} sent ${amount}`
      : role === 'received'
        ? `${entity} received ${amount}`
        : `${entity} moved ${amount} between its own accounts`;
  return {
    type: 'whale',
    title,
    body: withNote(whaleBody(whale), rule.note),
    url: explorerTxUrl(whale.transactionHash),
  };
}

/** The named exchanges' summed hourly flows over the last 24 hours. */
export interface ExchangeNetflow {
  inflowDrops: bigint;
  outflowDrops: bigint;
  /** The first hour summed and the moment of the sum. */
  since: Date;
  until: Date;
}

/** An exchange net-flow rule reached: both flows, the net, the hours they cover, the target. */
export function netflowMessage(
  rule: { direction: AccountMoveDirection; target: number; note: string | null },
  flow: ExchangeNetflow,
): AlertMessage {
  const net = flow.inflowDrops - flow.outflowDrops;
  const way = net >= 0n ? 'inflow' : 'outflow';
  const magnitude = net >= 0n ? net : -net;
  const target = exactXrp(String(rule.target));
  return {
    type: 'whale',
    title: `Exchanges' net ${way} reached ${formatAmount(Number(magnitude) / 1e6)} XRP in 24 hours`,
    body: withNote(
      `Named exchanges received ${exactXrp(dropsToXrp(flow.inflowDrops))} XRP and sent ${exactXrp(dropsToXrp(flow.outflowDrops))} XRP from ${utcTime(flow.since)} to ${utcTime(flow.until)}: a net ${way} of ${exactXrp(dropsToXrp(magnitude))} XRP, at or above your ${target} XRP target.`,
      rule.note,
    ),
    url: '/whales',
  };
}

/** One exchange's reserve at two readings at least a day apart. */
export interface ReserveMove {
  entity: string;
  older: { drops: bigint; at: Date };
  latest: { drops: bigint; at: Date };
  /** The change in percent of the older balance. */
  percent: number;
  /** The latest stored XRP price, to value the change; null when none is stored. */
  price: StoredPrice | null;
}

/** A reserve rule met: both balances with their times, the change in XRP and percent, its dollar value. */
export function reserveChangeMessage(rule: { note: string | null }, move: ReserveMove): AlertMessage {
  const change = move.latest.drops - move.older.drops;
  const changeXrp = exactXrp(dropsToXrp(change));
  const value = move.price
    ? `${formatUsd((Number(change) / 1e6) * move.price.usd)} at ${formatPrice(move.price.usd)} per XRP (latest stored price, ${utcTime(move.price.at)})`
    : `${MISSING} (no stored XRP price)`;
  return {
    type: 'whale',
    title: `${move.entity}'s reserve ${change >= 0n ? 'rose' : 'fell'} ${formatPercent(Math.abs(move.percent))} in 24 hours`,
    body: withNote(
      `${move.entity} held ${exactXrp(dropsToXrp(move.older.drops))} XRP at ${utcTime(move.older.at)} and ${exactXrp(dropsToXrp(move.latest.drops))} XRP at ${utcTime(move.latest.at)}: ${change > 0n ? '+' : ''}${changeXrp} XRP (${formatPercent(move.percent, { signed: true })}). Value of the change: ${value}.`,
      rule.note,
    ),
    url: '/whales',
  };
}

/** A payment into or out of a member's watched account that met their rule's threshold. */
export function accountMoveMessage(
  rule: { note: string | null },
  payment: {
    hash: string;
    direction: 'in' | 'out';
    amountXrp: string;
    accountLabel: string;
    accountAddress: string;
    counterparty: string | null;
  },
): AlertMessage {
  // Exact, as the ledger moved it, with thousands separators: "5,000.5 XRP".
  const amount = `${exactXrp(payment.amountXrp)} XRP`;
  const account = `${payment.accountLabel} (${shortAddress(payment.accountAddress)})`;
  const other = payment.counterparty ? shortAddress(payment.counterparty) : 'an account';
  return {
    type: 'whale',
    title:
      payment.direction === 'in'
        ? `${amount} received by ${payment.accountLabel}`
        : `${amount} sent from ${payment.accountLabel}`,
    body: withNote(
      payment.direction === 'in'
        ? `${other} sent ${amount} to your watched account ${account}.`
        : `Your watched account ${account} sent ${amount} to ${other}.`,
      rule.note,
    ),
    url: explorerTxUrl(payment.hash),
  };
}

export function newsMessage(
  type: 'regulatory' | 'adoption',
  article: { title: string; url: string; sourceName: string | null },
): AlertMessage {
  const label = type === 'regulatory' ? 'Regulatory news' : 'Adoption news';
  return {
    type,
    title: article.title,
    body: article.sourceName ? `${label} from ${article.sourceName}.` : `${label}.`,
    url: article.url,
  };
}

export function dominoMessage(event: {
  institution: string;
  event: string;
  impact: string;
  priceImpact: string | null;
}): AlertMessage {
  return {
    type: 'adoption',
    title: `New institutional event: ${event.institution}`,
    body: `${event.event} (${event.impact} impact${event.priceImpact ? `, ${event.priceImpact}` : ''}).`,
    url: '/analytics',
  };
}
