import { flowKind, type NamedSide } from './flow-kind';

/** One exchange's side of a payment: coins onto its accounts (in) or off them (out). */
export interface ExchangeFlowEntry {
  entity: string;
  direction: 'in' | 'out';
  drops: bigint;
}

/**
 * The exchange flows one payment makes. Between two accounts of one entity: none (internal, shown
 * but never a flow). Between two exchanges: an outflow of the sender and an inflow of the receiver,
 * which cancel in the total. Otherwise the exchange side's inflow or outflow, and nothing when
 * neither side is a named exchange.
 */
export function exchangeFlowEntries(
  from: NamedSide | null,
  to: NamedSide | null,
  drops: bigint,
): ExchangeFlowEntry[] {
  if (flowKind(from, to) === 'internal') return [];
  const entries: ExchangeFlowEntry[] = [];
  if (from?.category === 'exchange') entries.push({ entity: from.entity, direction: 'out', drops });
  if (to?.category === 'exchange') entries.push({ entity: to.entity, direction: 'in', drops });
  return entries;
}
