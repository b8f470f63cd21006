/** Answers of the portfolio API for the feature's component tests, shaped by the contract's schemas. */
import type { AlertRule } from '@/domain/alerts/alerts.schema';
import type { LotView, PortfolioSummary, WatchedAccountView } from '@/domain/portfolio/portfolio.schema';

export const COLD_ID = '5f0c2b8e-6a43-4c8e-9a57-3d1f0e2b7c11';
export const EXCHANGE_ID = '0b6f9d2a-1c3e-4f5a-8b7c-9d0e1f2a3b4c';
export const COLD_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
export const EXCHANGE_ADDRESS = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';

export function summary(overrides: Partial<PortfolioSummary> = {}): PortfolioSummary {
  return {
    priceUsd: 2.5,
    priceAt: '2026-11-25T10:00:00.000Z',
    accountsXrp: '12000.5',
    lotsXrp: '3000',
    totalXrp: '15000.5',
    lockedXrp: '1.2',
    tokensXrp: 250,
    unvaluedTokens: 1,
    valueUsd: 37501.25,
    valueWithTokensUsd: 38126.25,
    change24h: { usd: 1250.5, percent: 3.45 },
    change24hNote: null,
    pnl: {
      coveredXrp: '2000',
      uncoveredXrp: '1000',
      costBasisUsd: 1000,
      averageCostUsd: 0.5,
      valueUsd: 5000,
      unrealisedUsd: 4000,
      unrealisedPercent: 400,
    },
    pnlNote: null,
    allocation: [
      { key: COLD_ID, label: 'Cold wallet', xrp: '12000.5', percent: 80 },
      { key: 'lots', label: 'Manual holdings', xrp: '3000', percent: 20 },
    ],
    series: {
      range: '30d',
      points: [
        { at: '2026-11-23T12:00:00.000Z', priceUsd: 2.4, xrp: 15000.5, valueUsd: 36001.2 },
        { at: '2026-11-24T12:00:00.000Z', priceUsd: 2.42, xrp: 15000.5, valueUsd: 36301.21 },
        { at: '2026-11-25T10:00:00.000Z', priceUsd: 2.5, xrp: 15000.5, valueUsd: 37501.25 },
      ],
      startsAt: '2026-11-23T12:00:00.000Z',
      note: null,
    },
    asOf: '2026-11-25T11:30:00.000Z',
    accountCount: 1,
    lotCount: 2,
    ...overrides,
  };
}

export function watchedAccount(overrides: Partial<WatchedAccountView> = {}): WatchedAccountView {
  return {
    id: COLD_ID,
    address: COLD_ADDRESS,
    destinationTag: null,
    label: 'Cold wallet',
    url: `https://livenet.xrpl.org/accounts/${COLD_ADDRESS}`,
    createdAt: '2026-11-01T09:00:00.000Z',
    balanceXrp: '12000.5',
    ownerCount: 2,
    reserveXrp: '1.4',
    spendableXrp: '11999.1',
    ledgerIndex: 99_000_000,
    refreshedAt: '2026-11-25T11:30:00.000Z',
    refreshError: null,
    tokens: [
      {
        currency: 'USD',
        name: 'USD',
        issuer: 'rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B',
        balance: '100',
        xrpPerToken: 2.5,
        valueXrp: 250,
        priceSource: 'amm',
        unvaluedReason: null,
        priceReadAt: '2026-11-25T11:00:00.000Z',
      },
      {
        currency: '534F4C4F00000000000000000000000000000000',
        name: 'SOLO',
        issuer: 'rf1BiGeXwwQoi8Z2ueFYTEXSwuJYfV2Jpn',
        balance: '42',
        xrpPerToken: null,
        valueXrp: null,
        priceSource: null,
        unvaluedReason: 'No AMM pool or offers for it on the ledger',
        priceReadAt: null,
      },
    ],
    payments: [
      {
        hash: 'A1B2C3',
        at: '2026-11-24T08:15:00.000Z',
        direction: 'in',
        amountXrp: '5000',
        counterparty: EXCHANGE_ADDRESS,
        url: 'https://livenet.xrpl.org/transactions/A1B2C3',
      },
      {
        hash: 'D4E5F6',
        at: '2026-11-20T18:40:00.000Z',
        direction: 'out',
        amountXrp: null,
        counterparty: EXCHANGE_ADDRESS,
        url: 'https://livenet.xrpl.org/transactions/D4E5F6',
      },
    ],
    ...overrides,
  };
}

export function lot(overrides: Partial<LotView> = {}): LotView {
  return {
    id: '7a1e3c5d-2b4f-4a6c-8e0d-1f3b5d7f9a2c',
    amountXrp: '2000',
    acquiredOn: '2025-03-14',
    costUsdPerXrp: '0.5',
    note: 'Bitstamp',
    createdAt: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}

export function accountRule(overrides: Partial<AlertRule> = {}): AlertRule {
  return {
    id: 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f',
    kind: 'account_move',
    direction: 'out',
    target: 10000,
    percent: null,
    window: null,
    note: null,
    active: true,
    lastSide: null,
    lastFiredAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    watchedAccountId: COLD_ID,
    watchedAccountLabel: 'Cold wallet',
    entity: null,
    history: null,
    ...overrides,
  };
}

/** The toast in front, as a member reads it (earlier tests' toasts stay in sonner's list behind it). */
export const frontToast = () =>
  document.querySelector('[data-sonner-toast][data-front="true"]')?.textContent ?? null;
