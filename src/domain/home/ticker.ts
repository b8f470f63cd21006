/** SPEC §3 ticker item. */
export interface TickerItem {
  id: string;
  title: string;
  time: string;
  type: 'price' | 'whale' | 'news';
  trend?: 'up' | 'down';
  price?: string;
}

/** SPEC §9: rotate every 4000 ms through 4 sample items (sample prices $0.6542 and $0.6234). */
export const TICKER_INTERVAL_MS = 4000;

export const sampleTickerItems: readonly TickerItem[] = [
  {
    id: 'sample-price-up',
    title: 'XRP breaks above key resistance',
    time: '2 min ago',
    type: 'price',
    trend: 'up',
    price: '$0.6542',
  },
  { id: 'sample-whale', title: '25M XRP moved between exchange wallets', time: '8 min ago', type: 'whale' },
  {
    id: 'sample-news',
    title: 'New payment corridor announced on the XRP Ledger',
    time: '15 min ago',
    type: 'news',
  },
  {
    id: 'sample-price-down',
    title: 'XRP pulls back after a strong week',
    time: '32 min ago',
    type: 'price',
    trend: 'down',
    price: '$0.6234',
  },
];

export function nextTickerIndex(current: number, length: number): number {
  return length === 0 ? 0 : (current + 1) % length;
}
