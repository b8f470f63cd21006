import { describe, expect, it } from 'vitest';
import { alertRuleInputSchema, describeRule, type AlertRule } from './alerts.schema';
import {
  entityMoveMessage,
  netflowMessage,
  partyName,
  reserveChangeMessage,
  whaleMessage,
  type NamedWhale,
} from './messages';
import { sameAccountsRead } from '../whales/flows.schema';
import { entityMoveMatch, evaluateNetflow, evaluateReserveChange, netflowValue, type Side } from './rules';

const rule = (overrides: Partial<AlertRule>) =>
  ({
    kind: 'entity_move',
    direction: 'either',
    target: null,
    percent: null,
    window: null,
    entity: null,
    ...overrides,
  }) as AlertRule;

describe('describing the whale and exchange rules', () => {
  it('says who, how much and which way', () => {
    expect(describeRule(rule({ entity: 'Binance', target: 5_000_000 }))).toBe(
      'Binance moves 5,000,000 XRP or more (in or out)',
    );
    expect(describeRule(rule({ entity: 'Kraken', target: 1_250_000.5, direction: 'in' }))).toBe(
      'Kraken moves 1,250,000.5 XRP or more (in)',
    );
    expect(describeRule(rule({ kind: 'exchange_netflow', target: 10_000_000, direction: 'in' }))).toBe(
      "Exchanges' net inflow reaches 10,000,000 XRP in 24 hours",
    );
    expect(describeRule(rule({ kind: 'exchange_netflow', target: 2_000_000, direction: 'out' }))).toBe(
      "Exchanges' net outflow reaches 2,000,000 XRP in 24 hours",
    );
    expect(describeRule(rule({ kind: 'exchange_netflow', target: 3_000_000 }))).toBe(
      "Exchanges' net inflow or outflow reaches 3,000,000 XRP in 24 hours",
    );
    expect(describeRule(rule({ kind: 'reserve_change', entity: 'Binance', percent: 5 }))).toBe(
      "Binance's reserve moves ±5% in 24 hours",
    );
    expect(
      describeRule(rule({ kind: 'reserve_change', entity: 'Bitstamp', percent: 2.5, direction: 'down' })),
    ).toBe("Bitstamp's reserve falls 2.5% in 24 hours");
  });
});

describe('whale and exchange rule input', () => {
  const problem = (input: unknown) => alertRuleInputSchema.safeParse(input).error?.issues[0]?.message;

  it('needs an entity move of at least 1M XRP, and says why', () => {
    expect(problem({ kind: 'entity_move', entity: 'Binance', target: 999_999 })).toBe(
      'Use at least 1,000,000 XRP: only payments of 1M XRP or more are tracked for every entity',
    );
    expect(problem({ kind: 'entity_move', entity: '  ', target: 2_000_000 })).toBe('Choose an entity');
    expect(
      alertRuleInputSchema.parse({ kind: 'entity_move', entity: ' Binance ', target: 1_000_000 }),
    ).toEqual({ kind: 'entity_move', entity: 'Binance', target: 1_000_000, direction: 'either' });
  });

  it('needs a net flow of at least 1 XRP and a reserve change of 0.5 to 100 % with one decimal', () => {
    expect(problem({ kind: 'exchange_netflow', target: 0.5 })).toBe('Use at least 1 XRP');
    expect(problem({ kind: 'exchange_netflow', target: 5, direction: 'up' })).toBeDefined();
    expect(problem({ kind: 'reserve_change', entity: 'Binance', percent: 0.4 })).toBe(
      'Use a change of at least 0.5 %',
    );
    expect(problem({ kind: 'reserve_change', entity: 'Binance', percent: 101 })).toBe(
      'Use a change of at most 100 %',
    );
    expect(problem({ kind: 'reserve_change', entity: 'Binance', percent: 2.25 })).toBe(
      'Use at most 1 decimal',
    );
    expect(
      problem({ kind: 'reserve_change', entity: 'Binance', percent: 2.5, direction: 'in' }),
    ).toBeDefined();
  });
});

describe('entity moves', () => {
  const binance = { entity: 'Binance', target: 5_000_000 };
  const payment = (fromEntity: string | null, toEntity: string | null, amountXrp = 5_000_000) => ({
    fromEntity,
    toEntity,
    amountXrp,
  });

  it('fires for the entity as sender (out, either) or receiver (in, either), whatever the case', () => {
    expect(entityMoveMatch({ ...binance, direction: 'out' }, payment('binance', null))).toBe('sent');
    expect(entityMoveMatch({ ...binance, direction: 'either' }, payment('BINANCE', 'Kraken'))).toBe('sent');
    expect(entityMoveMatch({ ...binance, direction: 'in' }, payment('Binance', null))).toBeNull();
    expect(entityMoveMatch({ ...binance, direction: 'in' }, payment(null, 'Binance'))).toBe('received');
    expect(entityMoveMatch({ ...binance, direction: 'out' }, payment('Kraken', 'Binance'))).toBeNull();
    expect(entityMoveMatch({ ...binance, direction: 'either' }, payment('Kraken', 'Bitstamp'))).toBeNull();
  });

  it('needs the amount, and fires for an internal transfer on either only', () => {
    expect(
      entityMoveMatch({ ...binance, direction: 'either' }, payment('Binance', null, 4_999_999)),
    ).toBeNull();
    expect(entityMoveMatch({ ...binance, direction: 'either' }, payment('Binance', 'binance'))).toBe(
      'internal',
    );
    expect(entityMoveMatch({ ...binance, direction: 'in' }, payment('Binance', 'Binance'))).toBeNull();
    expect(entityMoveMatch({ ...binance, direction: 'out' }, payment('Binance', 'Binance'))).toBeNull();
  });
});

describe('exchange net flow', () => {
  it('holds the net inflow, the net outflow, or either against the target', () => {
    expect(netflowValue('in', 7)).toBe(7);
    expect(netflowValue('out', 7)).toBe(-7);
    expect(netflowValue('out', -7)).toBe(7);
    expect(netflowValue('either', -7)).toBe(7);
  });

  it('fires once on reaching the target from below, and again only after falling back below', () => {
    const nets = [2, 9, 10, 14, 11, 9.9, 12, -12];
    const fired: number[] = [];
    let side: Side | null = 'below';
    for (const net of nets) {
      const result = evaluateNetflow({ direction: 'in', target: 10 }, side, net);
      if (result.fire) fired.push(net);
      side = result.side;
    }
    expect(fired).toEqual([10, 12]);
    // Either way: a large outflow counts too; a first figure only sets the side.
    expect(evaluateNetflow({ direction: 'either', target: 10 }, 'below', -12)).toMatchObject({ fire: true });
    expect(evaluateNetflow({ direction: 'either', target: 10 }, null, -12)).toMatchObject({
      fire: false,
      side: 'above',
    });
  });
});

describe('reserve changes', () => {
  const day = 86_400_000;
  const at = (hours: number) => new Date(Date.UTC(2026, 10, 20) + hours * 3_600_000);
  const reserve = { direction: 'either' as const, percent: 5, lastFiredAt: null };

  it('compares with the reading a day older, and cannot without one or from nothing', () => {
    expect(
      evaluateReserveChange(reserve, { balanceXrp: 94, at: at(24) }, { balanceXrp: 100, at: at(0) }),
    ).toEqual({ fire: true, change: -6 });
    expect(
      evaluateReserveChange(
        { ...reserve, direction: 'up' },
        { balanceXrp: 94, at: at(24) },
        { balanceXrp: 100, at: at(0) },
      ).fire,
    ).toBe(false);
    expect(evaluateReserveChange(reserve, { balanceXrp: 94, at: at(24) }, null)).toEqual({
      fire: false,
      change: null,
    });
    expect(
      evaluateReserveChange(reserve, { balanceXrp: 94, at: at(24) }, { balanceXrp: 0, at: at(0) }),
    ).toEqual({ fire: false, change: null });
  });

  it('alerts once per move: a day passes before the rule fires again', () => {
    const fired = { ...reserve, lastFiredAt: at(24) };
    const older = { balanceXrp: 100, at: at(1) };
    expect(evaluateReserveChange(fired, { balanceXrp: 90, at: at(25) }, older).fire).toBe(false);
    expect(
      evaluateReserveChange(fired, { balanceXrp: 80, at: new Date(at(24).getTime() + day) }, older).fire,
    ).toBe(true);
  });
});

describe('whale and exchange messages', () => {
  const whale: NamedWhale = {
    transactionHash: 'AB'.repeat(32),
    amountXrp: '25000000.500000',
    at: new Date('2026-11-20T10:14:05Z'),
    from: { address: 'rLNaPoKeeBjZe2qs6x52yVPZpZ8td4dc6w', label: 'Binance 12', entity: 'Binance' },
    to: { address: 'rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH', label: null, entity: null },
    price: { usd: 2.284, at: new Date('2026-11-20T10:15:00Z') },
  };

  it('names a party by label and entity, once when they are the same, or as an unknown wallet', () => {
    expect(partyName(whale.from)).toBe('Binance 12 (Binance)');
    expect(partyName({ address: 'rX', label: 'Bitstamp', entity: 'bitstamp' })).toBe('Bitstamp');
    expect(partyName(whale.to)).toBe('unknown wallet rN7n7o…fzRH');
  });

  it('tells the whale payment with both sides, its time and its dollar value at that hour', () => {
    const body =
      'Binance 12 (Binance) sent 25,000,000.5 XRP to unknown wallet rN7n7o…fzRH at 2026-11-20 10:14 UTC. ' +
      'Value: $57.1M at $2.2840 per XRP (price of 2026-11-20 10:15 UTC).';
    expect(whaleMessage(whale)).toEqual({
      type: 'whale',
      title: 'Whale transfer: 25.0M XRP',
      body,
      url: `https://livenet.xrpl.org/transactions/${whale.transactionHash}`,
    });
    expect(entityMoveMessage({ entity: 'binance', note: 'watch' }, 'sent', whale)).toMatchObject({
      title: 'Binance sent 25.0M XRP',
      body: `${body} Note: watch`,
    });
    const unpriced = { ...whale, price: null };
    expect(whaleMessage(unpriced).body).toContain('Value: — (no stored price that hour).');
    expect(entityMoveMessage({ entity: 'Binance', note: null }, 'internal', whale).title).toBe(
      'Binance moved 25.0M XRP between its own accounts',
    );
  });

  it('tells the net flow with both flows and the hours they cover', () => {
    const message = netflowMessage(
      { direction: 'out', target: 10_000_000, note: null },
      {
        inflowDrops: 3_000_000_000_000n,
        outflowDrops: 15_500_000_000_000n,
        since: new Date('2026-11-19T11:00:00Z'),
        until: new Date('2026-11-20T10:20:00Z'),
      },
    );
    expect(message).toEqual({
      type: 'whale',
      title: "Exchanges' net outflow reached 12.5M XRP in 24 hours",
      body:
        'Named exchanges received 3,000,000 XRP and sent 15,500,000 XRP from 2026-11-19 11:00 UTC to ' +
        '2026-11-20 10:20 UTC: a net outflow of 12,500,000 XRP, at or above your 10,000,000 XRP target.',
      url: '/whales',
    });
  });

  it('tells a reserve change with both balances and times, in XRP, percent and dollars', () => {
    const move = {
      entity: 'Binance',
      older: { drops: 2_000_000_000_000_000n, at: new Date('2026-11-19T10:00:00Z') },
      latest: { drops: 1_880_000_000_000_000n, at: new Date('2026-11-20T10:00:00Z') },
      percent: -6,
      price: { usd: 2, at: new Date('2026-11-20T10:05:00Z') },
    };
    expect(reserveChangeMessage({ note: null }, move)).toEqual({
      type: 'whale',
      title: "Binance's reserve fell 6.00% in 24 hours",
      body:
        'Binance held 2,000,000,000 XRP at 2026-11-19 10:00 UTC and 1,880,000,000 XRP at 2026-11-20 10:00 UTC: ' +
        '-120,000,000 XRP (-6.00%). Value of the change: -$240.0M at $2.0000 per XRP (latest stored price, 2026-11-20 10:05 UTC).',
      url: '/whales',
    });
    expect(reserveChangeMessage({ note: null }, { ...move, price: null }).body).toContain(
      'Value of the change: — (no stored XRP price).',
    );
  });
});

describe('sameAccountsRead', () => {
  it('compares the accounts summed, by digest where both have one, else by count', () => {
    expect(sameAccountsRead({ accounts: 2, accountsKey: 'ab' }, { accounts: 2, accountsKey: 'ab' })).toBe(
      true,
    );
    // One account retired and another named: as many accounts, not the same ones.
    expect(sameAccountsRead({ accounts: 2, accountsKey: 'ab' }, { accounts: 2, accountsKey: 'ac' })).toBe(
      false,
    );
    // A reading from before the digest was kept.
    expect(sameAccountsRead({ accounts: 2, accountsKey: null }, { accounts: 2, accountsKey: 'ab' })).toBe(
      true,
    );
    expect(sameAccountsRead({ accounts: 3, accountsKey: null }, { accounts: 2, accountsKey: 'ab' })).toBe(
      false,
    );
  });
});
