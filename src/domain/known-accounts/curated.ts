import type { AccountCategory } from './known-accounts.schema';

/**
 * The names the site ships with: accounts that XRPScan's explorer names (its account pages and
 * well-known names list), where anyone can check them. Each keeps XRPScan's own label ("Binance 12")
 * and the entity it belongs to. Shipped names are not confirmed from an installation until its
 * XRPScan refresh sees them, so they start without a check date. Each start adds the ones a database
 * lacks and leaves the others as they are: an administrator's change or retirement stays.
 */
const entries: [address: string, label: string, entity: string, category: AccountCategory][] = [
  ['rs8ZPbYqgecRcDzQpJYAMhSxSi5htsjnza', 'Binance', 'Binance', 'exchange'],
  ['rBtttd61FExHC68vsZ8dqmS3DfjFEceA1A', 'Binance 9', 'Binance', 'exchange'],
  ['rNU4eAowPuixS5ZCWaRL72UUeKgxcKExpK', 'Binance 10', 'Binance', 'exchange'],
  ['rNxp4h8apvRis6mJf9Sh8C6iRxfrDWN7AV', 'Binance 11', 'Binance', 'exchange'],
  ['rPJ5GFpyDLv7gqeB1uZVUBwDwi41kaXN5A', 'Binance 12', 'Binance', 'exchange'],
  ['rPz2qA93PeRCyHyFCqyNggnyycJR1N4iNf', 'Binance 13', 'Binance', 'exchange'],
  ['rhWj9gaovwu2hZxYW7p388P8GRbuXFLQkK', 'Binance 14', 'Binance', 'exchange'],
  ['rarG6FaeYhnzSKSS5EEPofo4gFsPn2bZKk', 'Binance 15', 'Binance', 'exchange'],
  ['rDecw8UhrZZUiaWc91e571b3TL41MUioh7', 'Binance 16', 'Binance', 'exchange'],
  ['rP3mUZyCDzZkTSd1VHoBbFt8HGm8fyq8qV', 'Binance 17', 'Binance', 'exchange'],
  ['rfQ9EcLkU6WnNmkS3EwUkFeXeN47Rk8Cvi', 'Binance 18', 'Binance', 'exchange'],
  ['rLoqMgpjwGEQinYEM623za8c2nC2Uah8v7', 'Binance 21', 'Binance', 'exchange'],
  ['rDAE53VfMvftPB4ogpWGWvzkQxfht6JPxr', 'Binance 6', 'Binance', 'exchange'],
  ['r3ZVNKgkkT3A7hbEZ8HxnNnLDCCmZiZECV', 'Binance US', 'Binance.US', 'exchange'],
  ['rQUp2PKzH3vCtKs5H9tsPPE1rTsN6fhjqn', 'Ceffu', 'Ceffu', 'custodian'],
  ['rPyCQm8E5j78PDbrfKF24fRC7qUAk1kDMZ', 'Bithumb', 'Bithumb', 'exchange'],
  ['rw3fRcmn5PJyPKuvtAwHDSpEqoW2JKmKbu', 'Bithumb 13', 'Bithumb', 'exchange'],
  ['rsXT3AQqhHDusFs3nQQuwcA1yXRLZJAXKw', 'Uphold', 'Uphold', 'exchange'],
  ['rMdG3ju8pgyVh29ELPWaDuA74CpWW6Fxns', 'Uphold 3', 'Uphold', 'exchange'],
  ['rBEc94rUFfLfTDwwGN7rQGBHc883c2QHhx', 'Uphold 4', 'Uphold', 'exchange'],
  ['rErKXcbZj9BKEMih6eH6ExvBoHn9XLnTWe', 'Uphold 9', 'Uphold', 'exchange'],
  ['rDxJNbV23mu9xsWoQHoBqZQvc77YcbJXwb', 'Upbit', 'Upbit', 'exchange'],
  ['raQwCVAJVqjrVm1Nj5SFRcX8i22BhdC9WA', 'Upbit 1', 'Upbit', 'exchange'],
  ['rw7m3CtVHwGSdhFjV4MyJozmZJv3DYQnsA', 'bitbank', 'bitbank', 'exchange'],
  ['r99QSej32nAcjQAri65vE5ZXjw6xpUQ2Eh', 'Coincheck', 'Coincheck', 'exchange'],
  ['rEvwSpejhGTbdAXbxRTpGAzPBQkBRZxN5s', 'eToro', 'eToro', 'exchange'],
  ['rDKw32dPXHfoeGoD3kVtm76ia1WbxYtU7D', 'Coinone', 'Coinone', 'exchange'],
  ['rKNwXQh9GMjaU8uTqKLECsqyib47g5dMvo', 'Crypto.com', 'Crypto.com', 'exchange'],
  ['rhWVCsCXrkwTeLBg6DyDr7abDaHz3zAKmn', 'bitFlyer', 'bitFlyer', 'exchange'],
  ['rEvuKRoEbZSbM5k5Qe5eTD9BixZXsfkxHf', 'Kraken', 'Kraken', 'exchange'],
  ['rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh', 'Kraken 1', 'Kraken', 'exchange'],
  ['rnJrjec2vrTJAAQUTMTjj7U6xdXrk9N4mT', 'Kraken 6', 'Kraken', 'exchange'],
  ['rLW9gnQo7BQhU6igk5keqYnH3TVrCxGRzm', 'Bitfinex', 'Bitfinex', 'exchange'],
  ['rE3hWEGquaixF2XwirNbA1ds4m55LxNZPk', 'Bitfinex 2', 'Bitfinex', 'exchange'],
  ['rEiq1iAcpzP8WLjezP9MzAQEJ7jqKMLFSA', 'Revolut', 'Revolut', 'exchange'],
  ['rDsbeomae4FXwgQTJp9Rs64Qg9vDiTCdBv', 'Bitstamp 1', 'Bitstamp', 'exchange'],
  ['rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B', 'Bitstamp', 'Bitstamp', 'exchange'],
  ['rNnWmrc1EtNRe5SEQEs9pFibcjhpvAiVKF', 'Gate.io', 'Gate.io', 'exchange'],
  ['rLzxZuZuAHM7k3FzfmhGkXVwScM4QSxoY7', 'Gate.io 2', 'Gate.io', 'exchange'],
  ['rGDreBvnHrX1get7na3J4oowN19ny4GzFn', 'Bitget Global 1', 'Bitget', 'exchange'],
  ['rs2dgzYeqYqsk8bvkQR5YPyqsXYcA24MP2', 'MEXC', 'MEXC', 'exchange'],
  ['rJn2zAPdFA193sixJwuFixRkYDUtx3apQh', 'Bybit', 'Bybit', 'exchange'],
  ['rMvCasZ9cohYrSZRNYPTZfoaaSUQMfgQ8G', 'Bybit 4', 'Bybit', 'exchange'],
  ['rfKsmLP6sTfVGDvga6rW6XbmSFUzc3G9f3', 'Bitrue', 'Bitrue', 'exchange'],
  ['raBQUYdAhnnojJQ6Xi3eXztZ74ot24RDq1', 'Gemini 1', 'Gemini', 'exchange'],
  ['r4sRyacXpbh4HbagmgfoQq8Q3j8ZJzbZ1J', 'Coinbase 6', 'Coinbase', 'exchange'],
  ['rRmgo6NW1W7GHjC5qEpcpQnq8NE74ZS1P', 'Coinbase 10', 'Coinbase', 'exchange'],
  ['rEAKseZ7yNgaDuxH74PkqB12cVWohpi7R6', 'Robinhood 1', 'Robinhood', 'exchange'],
  ['rLpvuHZFE46NUyZH5XaMvmYRJZF7aory7t', 'KuCoin 11', 'KuCoin', 'exchange'],
  ['rw9isBiVw3M2dt2KKHePVuUUmHxix9VY35', 'Cobo Custody 3', 'Cobo', 'custodian'],
  ['rMxCKbEDwqr76QuheSUMdEGf4B9xJ8m5De', 'RLUSD issuer', 'Ripple', 'ripple'],
];

export interface CuratedAccount {
  address: string;
  label: string;
  entity: string;
  category: AccountCategory;
  sourceName: string;
  sourceUrl: string;
}

export const CURATED_SOURCE_NAME = 'XRPScan account names';

export const curatedAccounts: readonly CuratedAccount[] = entries.map(
  ([address, label, entity, category]) => ({
    address,
    label,
    entity,
    category,
    sourceName: CURATED_SOURCE_NAME,
    sourceUrl: `https://xrpscan.com/account/${address}`,
  }),
);
