/** The news categories, in the order the filter lists them. */
export const NEWS_CATEGORIES = [
  'XRP',
  'REGULATION',
  'TRADING',
  'PARTNERSHIP',
  'TECHNOLOGY',
  'ADOPTION',
  'MARKET',
  'BUSINESS',
  'NEWS',
] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

export function isNewsCategory(value: string): value is NewsCategory {
  return (NEWS_CATEGORIES as readonly string[]).includes(value);
}

/**
 * Words that put an article in a category, matched on whole words (case-insensitive) in the feed's
 * own category labels and in the title and text. The feed's labels come first: "Regulation" as a
 * publisher's category is a stronger signal than the word in a sentence.
 */
const keywords: Record<Exclude<NewsCategory, 'NEWS'>, RegExp> = {
  XRP: /\b(xrp|xrpl|ripple|rlusd|xrp ledger)\b/i,
  REGULATION:
    /\b(regulat\w*|sec|cftc|lawsuit|court|legal|legislation|compliance|policy|law|lawmakers?|mica|enforcement|license[ds]?|licensing)\b/i,
  TRADING:
    /\b(trading|traders?|price|prices|rally|rallies|slides?|surges?|futures|derivatives|funding rates?|technical analysis|liquidations?|exchange listing|etf flows?)\b/i,
  PARTNERSHIP:
    /\b(partner(s|ship|ships|ed|ing)?|collaborat\w*|teams up|joins forces|alliance|integrat(es|ion|ed))\b/i,
  TECHNOLOGY:
    /\b(tech|technology|amendments?|validators?|protocol|upgrade|developers?|smart contracts?|hooks|sidechain|evm|ledger|blockchain|open source|code)\b/i,
  ADOPTION:
    /\b(adopt\w*|odl|on-demand liquidity|payments? corridors?|corridors?|banks? (use|uses|using)|rolls? out|launch(es|ed)?|pilot|customers?|institutional)\b/i,
  MARKET:
    /\b(markets?|market cap|inflows?|outflows?|etfs?|funds?|volume|dominance|bull|bear|sentiment|fear (and|&) greed)\b/i,
  BUSINESS:
    /\b(business|company|companies|acquisitions?|acquires?|funding round|raises?|revenue|ipo|ceo|earnings|investment|investors?|venture)\b/i,
};

/**
 * An article's categories from the list above: every category whose keywords appear in the feed's own
 * labels, the title or the text; the feed's configured category when it is one of ours; NEWS when
 * nothing else fits. Order follows the list, so the first two shown on a card are the most specific.
 */
export function mapCategories(input: {
  feedCategories: readonly string[];
  title: string;
  text: string;
  feedCategory?: string | null;
}): NewsCategory[] {
  const labels = input.feedCategories.join(' \u2022 ');
  const found = new Set<NewsCategory>();
  for (const label of input.feedCategories) {
    const upper = label.trim().toUpperCase();
    if (isNewsCategory(upper)) found.add(upper);
  }
  const haystack = `${labels}\n${input.title}\n${input.text.slice(0, 2000)}`;
  for (const [category, pattern] of Object.entries(keywords) as [NewsCategory, RegExp][]) {
    if (pattern.test(haystack)) found.add(category);
  }
  const configured = input.feedCategory?.trim().toUpperCase();
  if (configured && isNewsCategory(configured)) found.add(configured);
  if (found.size === 0) found.add('NEWS');
  return NEWS_CATEGORIES.filter((category) => found.has(category));
}

/** Whether a generic feed's article is about XRP at all (XRP-specific feeds keep everything). */
export function isXrpRelevant(input: {
  title: string;
  text: string;
  feedCategories: readonly string[];
}): boolean {
  return keywords.XRP.test(`${input.feedCategories.join(' ')}\n${input.title}\n${input.text}`);
}
