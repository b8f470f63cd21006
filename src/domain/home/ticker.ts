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

export interface TickerSources {
  price: { price: string | number; changePercent24h: number | null; at: string } | null;
  /** The latest whale transaction, for viewers allowed to see whale data (premium); otherwise null. */
  whale: { id: string; amountXrp: string | number; at: string } | null;
  /** The newest headlines, newest first. */
  headlines: readonly { id: string; title: string; at: string }[];
}

export interface TickerFormat {
  price(value: string | number): string;
  percent(value: number): string;
  amount(value: string | number): string;
  relative(at: string): string;
}

/**
 * SPEC §2 Home ticker: 4 items — price, whale, news and a second price or headline — each the live
 * value once one exists and the SPEC's sample item until then.
 */
export function buildTickerItems(sources: TickerSources, format: TickerFormat): TickerItem[] {
  const [samplePriceUp, sampleWhale, sampleNews, samplePriceDown] = sampleTickerItems as [
    TickerItem,
    TickerItem,
    TickerItem,
    TickerItem,
  ];
  const { price, whale, headlines } = sources;
  const priceItem: TickerItem = price
    ? {
        id: `price-${price.at}`,
        title:
          price.changePercent24h === null ? 'XRP price' : `XRP ${format.percent(price.changePercent24h)} in 24h`,
        time: format.relative(price.at),
        type: 'price',
        trend: price.changePercent24h !== null && price.changePercent24h < 0 ? 'down' : 'up',
        price: format.price(price.price),
      }
    : samplePriceUp;
  const whaleItem: TickerItem = whale
    ? {
        id: `whale-${whale.id}`,
        title: `${format.amount(whale.amountXrp)} XRP moved on the XRP Ledger`,
        time: format.relative(whale.at),
        type: 'whale',
      }
    : sampleWhale;
  const news = headlines.map(
    (headline): TickerItem => ({
      id: `news-${headline.id}`,
      title: headline.title,
      time: format.relative(headline.at),
      type: 'news',
    }),
  );
  const fourth = price ? (news[1] ?? samplePriceDown) : samplePriceDown;
  return [priceItem, whaleItem, news[0] ?? sampleNews, fourth];
}
