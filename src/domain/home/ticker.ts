/** An item of the Market Updates ticker on the home page. */
export interface TickerItem {
  id: string;
  title: string;
  time: string;
  type: 'price' | 'fear-greed' | 'whale' | 'news';
  trend?: 'up' | 'down';
  price?: string;
}

/** The ticker moves to the next item every 4000 ms. */
export const TICKER_INTERVAL_MS = 4000;
/** At most this many items rotate. */
export const TICKER_MAX_ITEMS = 4;

export function nextTickerIndex(current: number, length: number): number {
  return length === 0 ? 0 : (current + 1) % length;
}

export interface TickerSources {
  price: { price: string | number; changePercent24h: number | null; at: string } | null;
  fearGreed: { value: number; classification: string; at: string } | null;
  /** The latest whale transaction, for viewers allowed to see whale data (premium); otherwise null. */
  whale: { id: string; amountXrp: string | number; at: string } | null;
  /** The newest headlines, newest first. */
  headlines: readonly { id: string; title: string; at: string; dated?: boolean }[];
}

export interface TickerFormat {
  price(value: string | number): string;
  percent(value: number): string;
  amount(value: string | number): string;
  /** An age ("4 min ago"), from the record's own time. */
  age(at: string): string;
}

/**
 * The home page's Market Updates ticker, made true: only real items — the latest price with its 24h
 * change, the latest Fear & Greed reading, the latest whale move for viewers who may see whales, then
 * the newest headlines — each with the age of its record. No sample items (invented prices and whale moves
 * shown as if live); with nothing stored yet the list is empty and the ticker says so.
 */
export function buildTickerItems(sources: TickerSources, format: TickerFormat): TickerItem[] {
  const { price, fearGreed, whale, headlines } = sources;
  const items: TickerItem[] = [];
  if (price) {
    const change = price.changePercent24h;
    const rounded = change === null ? 0 : Math.round(change * 100) / 100;
    items.push({
      id: `price-${price.at}`,
      title: change === null ? 'XRP price' : `XRP ${format.percent(change)} in 24h`,
      time: format.age(price.at),
      type: 'price',
      ...(rounded > 0 ? { trend: 'up' as const } : rounded < 0 ? { trend: 'down' as const } : {}),
      price: format.price(price.price),
    });
  }
  if (fearGreed)
    items.push({
      id: `fear-greed-${fearGreed.at}`,
      title: `Fear & Greed Index ${fearGreed.value}: ${fearGreed.classification}`,
      time: format.age(fearGreed.at),
      type: 'fear-greed',
    });
  if (whale)
    items.push({
      id: `whale-${whale.id}`,
      title: `${format.amount(whale.amountXrp)} XRP moved on the XRP Ledger`,
      time: format.age(whale.at),
      type: 'whale',
    });
  for (const headline of headlines) {
    if (items.length >= TICKER_MAX_ITEMS) break;
    items.push({
      id: `news-${headline.id}`,
      title: headline.title,
      // An article the feed did not date: its time is when it was first seen, and says so.
      time:
        headline.dated === false ? `undated, first seen ${format.age(headline.at)}` : format.age(headline.at),
      type: 'news',
    });
  }
  return items;
}
