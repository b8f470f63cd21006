import type { Client } from 'xrpl';
import type { AccountTxEntry } from '@/domain/portfolio/account-tx';
import type { ReserveSettings } from '@/domain/portfolio/reserves';
import type { BookOffer, LedgerAmount, TokenId } from '@/domain/portfolio/tokens';
import { isXrplError } from './xrpl';

/** The ledger said the account does not exist (`actNotFound`): never funded, or deleted. */
export class AccountNotFoundError extends Error {
  constructor(readonly address: string) {
    super(`No account ${address} on the XRP Ledger`);
  }
}

/** rippled's error code ("actNotFound") of a failed request; undefined for any other failure. */
export const rippledCode = (error: unknown): string | undefined =>
  isXrplError(error, 'RippledError') ? (error as { data?: { error?: string } }).data?.error : undefined;

/** The reserves validators voted, from the validated ledger (`server_state`, in drops). */
export async function readReserves(client: Client): Promise<ReserveSettings> {
  const response = await client.request({ command: 'server_state' });
  const ledger = response.result.state.validated_ledger;
  if (!ledger || ledger.reserve_base === undefined || ledger.reserve_inc === undefined)
    throw new Error('server_state has no validated ledger yet');
  return { baseDrops: BigInt(ledger.reserve_base), perObjectDrops: BigInt(ledger.reserve_inc) };
}

export interface AccountRoot {
  balanceDrops: bigint;
  ownerCount: number;
  ledgerIndex: number;
}

/**
 * `account_info` at the validated ledger, or at `ledgerIndex` (several accounts read as of one
 * ledger); AccountNotFoundError for an address unfunded there.
 */
export async function readAccount(
  client: Client,
  address: string,
  ledgerIndex: number | 'validated' = 'validated',
): Promise<AccountRoot> {
  try {
    const response = await client.request({
      command: 'account_info',
      account: address,
      ledger_index: ledgerIndex,
    });
    const data = response.result.account_data;
    return {
      balanceDrops: BigInt(data.Balance),
      ownerCount: data.OwnerCount,
      ledgerIndex: Number(response.result.ledger_index ?? 0),
    };
  } catch (error) {
    if (rippledCode(error) === 'actNotFound') throw new AccountNotFoundError(address);
    throw error;
  }
}

export interface TrustLine {
  token: TokenId;
  balance: string;
}

/** `account_lines`: the account's token balances, every page. */
export async function readTrustLines(client: Client, address: string): Promise<TrustLine[]> {
  const lines: TrustLine[] = [];
  let marker: unknown;
  do {
    const response = await client.request({
      command: 'account_lines',
      account: address,
      ledger_index: 'validated',
      limit: 400,
      ...(marker ? { marker } : {}),
    });
    for (const line of response.result.lines)
      lines.push({ token: { currency: line.currency, issuer: line.account }, balance: line.balance });
    marker = response.result.marker;
  } while (marker);
  return lines;
}

/** One page of `account_tx`, newest first, and the marker of the next (older) page. */
export async function readAccountTx(
  client: Client,
  address: string,
  options: { limit: number; marker?: unknown },
): Promise<{ transactions: AccountTxEntry[]; marker: unknown }> {
  const response = await client.request({
    command: 'account_tx',
    account: address,
    ledger_index_min: -1,
    ledger_index_max: -1,
    limit: options.limit,
    forward: false,
    ...(options.marker ? { marker: options.marker } : {}),
  });
  return {
    transactions: response.result.transactions as unknown as AccountTxEntry[],
    marker: response.result.marker,
  };
}

/** What the ledger's markets say about a token: its XRP pool, and the best offers each way. */
export async function readTokenMarket(
  client: Client,
  token: TokenId,
): Promise<{
  pool: { amount: LedgerAmount; amount2: LedgerAmount } | null;
  buying: BookOffer[];
  selling: BookOffer[];
}> {
  const xrp = { currency: 'XRP' } as const;
  const pool = await client
    .request({ command: 'amm_info', asset: xrp, asset2: token, ledger_index: 'validated' })
    .then((response) => response.result.amm as unknown as { amount: LedgerAmount; amount2: LedgerAmount })
    .catch((error: unknown) => {
      if (rippledCode(error) === 'actNotFound') return null;
      throw error;
    });
  const book = async (takerGets: object, takerPays: object) =>
    (
      await client.request({
        command: 'book_offers',
        taker_gets: takerGets as never,
        taker_pays: takerPays as never,
        limit: 1,
        ledger_index: 'validated',
      })
    ).result.offers as unknown as BookOffer[];
  const [buying, selling] = await Promise.all([book(xrp, token), book(token, xrp)]);
  return { pool, buying, selling };
}
