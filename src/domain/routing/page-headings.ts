import { appRoutes } from './routes';

export interface PageHeadingText {
  title: string;
  description: string;
}

/**
 * The heading and the line under it of each page whose heading is fixed text. The page draws it
 * (`PageHeading`), and the server writes the same words into the document it sends for the page's
 * address, so they show with the first paint, before any script has run (ADR 0060).
 */
export const pageHeadings = {
  news: { title: 'News & Insights', description: 'The latest XRP news, gathered from many sources.' },
  analytics: {
    title: 'XRP Analytics Dashboard',
    description: 'Live XRP market data, sentiment, whale moves and institutional adoption.',
  },
  alerts: {
    title: 'XRP Price & Market Alerts',
    description:
      'Price targets, market moves, whales and the news that matters, in the app, by email and by push.',
  },
  whales: {
    title: 'Whale Transactions',
    description:
      'Every XRP payment of 1M XRP or more: who moved it, what it was worth then, and whether it went onto or off an exchange.',
  },
  supply: {
    title: 'XRP Supply',
    description:
      'XRP in existence, burned by fees, and held or escrowed by Ripple, read from the XRP Ledger with the ledger and time of each reading.',
  },
  portfolio: {
    title: 'Portfolio',
    description:
      'Your XRP across ledger accounts and holdings kept elsewhere: totals, value, P&L and allocation.',
  },
  ask: {
    title: 'Ask an Analyst',
    description: 'Ask our analysts privately about the market, regulation, the XRP Ledger or your portfolio.',
  },
  analysis: {
    title: 'Analysis',
    description:
      'Every week of the XRP market in figures: price, Fear & Greed, whale transfers and the headlines, ' +
      'generated from the data behind the dashboard. Weeks run Monday to Sunday, UTC.',
  },
  regulatory: {
    title: 'Regulatory Updates',
    description: 'Regulation, court cases and policy news about XRP, and the institutions moving on it.',
  },
  api: {
    title: 'Developer API',
    description:
      'Read-only XRP market, sentiment, whale, news and institutional-event data for your own code.',
  },
  contact: {
    title: 'Contact',
    description:
      'Questions about the data, your membership or a correction: write to us and we reply by email.',
  },
} as const satisfies Partial<Record<keyof typeof appRoutes, PageHeadingText>>;

const byPath: ReadonlyMap<string, PageHeadingText> = new Map(
  Object.entries(pageHeadings).map(([name, heading]) => [
    appRoutes[name as keyof typeof pageHeadings],
    heading,
  ]),
);

/** The fixed heading of the page at `path` (a trailing slash allowed), if it has one. */
export function pageHeadingAt(path: string): PageHeadingText | undefined {
  return byPath.get(path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);
}
