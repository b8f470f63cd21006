import { formatAmount, formatPercent, formatPrice } from '../format/format';
import { formatTarget, type AlertTypeId } from './alerts.schema';
import type { Side } from './rules';
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

export function whaleMessage(whale: {
  transactionHash: string;
  amountXrp: number;
  fromAddress: string;
  toAddress: string;
}): AlertMessage {
  return {
    type: 'whale',
    title: `Whale transfer: ${formatAmount(whale.amountXrp)} XRP`,
    body: `${shortAddress(whale.fromAddress)} sent ${formatAmount(whale.amountXrp)} XRP to ${shortAddress(whale.toAddress)}.`,
    url: explorerTxUrl(whale.transactionHash),
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
  const [whole = '0', fraction] = payment.amountXrp.split('.');
  const amount = `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''} XRP`;
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
