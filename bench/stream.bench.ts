import crypto from 'node:crypto';
import { encodeAccountID } from 'ripple-address-codec';
import { curatedAccounts } from '../src/domain/known-accounts/curated';
import type { ExchangeFlows } from '../src/domain/whales/flows.schema';
import { E2E_PASSWORD } from '../tests/e2e/users';
import { apiClient, runCli, signInCookie, startAppProcess } from '../tests/support/app-process';
import { startFakeRippled } from '../tests/support/fake-rippled';

/**
 * The ledger stream at mainnet's pace: a ledger of 1,500 transactions every 3.5 s (1,000 XRP payments
 * among 2,000 wallets, 100 of them to or from accounts the registry names as exchanges, 5 whales of
 * 2M XRP; 500 offers) for BENCH_STREAM_SECONDS (600), sent by the fake rippled to one server on
 * embedded PGlite that reads each ledger whole, as it would from mainnet. Printed beside the same
 * server idle for BENCH_STREAM_IDLE_SECONDS (60) before the stream: the server's own event-loop delay
 * (its health detail, each minute), and whether every ledger was read: the exchanges' inflow and
 * outflow it reports for the last 24 hours against the XRP the ledgers moved.
 */
const SECONDS = Number(process.env.BENCH_STREAM_SECONDS ?? 600);
const IDLE_SECONDS = Number(process.env.BENCH_STREAM_IDLE_SECONDS ?? 60);
const CLOSE_MS = 3_500;
const PER_LEDGER = 1_500;
const ADMIN = 'stream-admin@example.com';
const MEMBER = 'stream-member@example.com';
const RIPPLE_EPOCH = 946_684_800;

const wallets = Array.from({ length: 2_000 }, (_, n) =>
  encodeAccountID(crypto.createHash('sha256').update(`stream-wallet-${n}`).digest().subarray(0, 20)),
);
const exchanges = curatedAccounts.filter((account) => account.category === 'exchange');

/** One ledger's transactions (API v2, expanded) and the drops it moved onto or off named exchanges. */
function ledger(index: number, closeIso: string): { transactions: unknown[]; exchangeDrops: bigint } {
  const transactions: unknown[] = [];
  let exchangeDrops = 0n;
  const root = (account: string) => ({
    ModifiedNode: {
      LedgerEntryType: 'AccountRoot',
      FinalFields: { Account: account, Balance: '100000000000', Flags: 0 },
      PreviousFields: { Balance: '100000000012' },
    },
  });
  for (let i = 0; i < PER_LEDGER; i += 1) {
    const hash = crypto.createHash('sha256').update(`${index}-${i}`).digest('hex').toUpperCase();
    const base = { hash, ledger_index: index, close_time_iso: closeIso, validated: true };
    const date = Math.floor(Date.parse(closeIso) / 1000) - RIPPLE_EPOCH;
    if (i % 3 === 2) {
      const account = wallets[i % wallets.length]!;
      transactions.push({
        ...base,
        tx_json: {
          TransactionType: 'OfferCreate',
          Account: account,
          TakerGets: '1000000',
          TakerPays: { currency: 'USD', issuer: wallets[0], value: '2.1' },
          Fee: '12',
          Sequence: index,
          date,
        },
        meta: { TransactionIndex: i, TransactionResult: 'tesSUCCESS', AffectedNodes: [root(account)] },
      });
      continue;
    }
    const toExchange = i % 30 === 0;
    const fromExchange = i % 30 === 1;
    const from = fromExchange ? exchanges[i % exchanges.length]!.address : wallets[i % wallets.length]!;
    const to = toExchange
      ? exchanges[Math.floor(i / 30) % exchanges.length]!.address
      : wallets[(i * 7 + 1) % wallets.length]!;
    const drops = i % 300 === 0 ? 2_000_000_000_000n : BigInt(1 + (i % 500)) * 1_000_000n;
    if (toExchange || fromExchange) exchangeDrops += drops;
    transactions.push({
      ...base,
      tx_json: {
        TransactionType: 'Payment',
        Account: from,
        Destination: to,
        DeliverMax: drops.toString(),
        ...(toExchange ? { DestinationTag: 100_000 + i } : {}),
        Fee: '12',
        Sequence: index,
        date,
      },
      meta: {
        TransactionIndex: i,
        TransactionResult: 'tesSUCCESS',
        delivered_amount: drops.toString(),
        AffectedNodes: [root(from), root(to)],
      },
    });
  }
  return { transactions, exchangeDrops };
}

interface Loop {
  p99Ms: number | null;
  maxMs: number | null;
}

export async function benchStream(): Promise<boolean> {
  const rippled = await startFakeRippled();
  let index = 90_000_000;
  const closeIso = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  for (let n = 0; n < 30; n += 1) rippled.addLedger(index++, [], closeIso());
  const app = await startAppProcess({ XRPL_WS_URL: rippled.url, XRPL_WS_FALLBACK_URL: rippled.url });
  try {
    runCli(app.env, ['user:create', '--email', ADMIN, '--password', E2E_PASSWORD, '--role', 'admin']);
    runCli(app.env, ['user:create', '--email', MEMBER, '--password', E2E_PASSWORD, '--plan', 'premium']);
    const admin = apiClient(app.url, await signInCookie(app.url, ADMIN, E2E_PASSWORD));
    const member = await signInCookie(app.url, MEMBER, E2E_PASSWORD);
    const loop = async (): Promise<Loop> =>
      ((await (await admin.health.$get()).json()) as { eventLoop?: Loop }).eventLoop ?? {
        p99Ms: null,
        maxMs: null,
      };

    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const idle = await loop();

    const samples: Loop[] = [];
    let expected = 0n;
    let sent = 0;
    const started = Date.now();
    let nextSample = started + 60_000;
    while (Date.now() - started < SECONDS * 1000) {
      const tick = Date.now();
      const { transactions, exchangeDrops } = ledger(index, closeIso());
      rippled.addLedger(index, transactions, closeIso());
      rippled.closeLedger(index);
      index += 1;
      sent += 1;
      expected += exchangeDrops;
      if (Date.now() >= nextSample) {
        samples.push(await loop());
        nextSample += 60_000;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, CLOSE_MS - (Date.now() - tick))));
    }
    // The last ledgers read, then what the server summed.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    samples.push(await loop());
    const flows = (await (
      await fetch(`${app.url}/api/flows/exchanges?range=24h`, { headers: { cookie: member } })
    ).json()) as ExchangeFlows;
    const moved = flows.series.reduce(
      (sum, bucket) => sum + Number(bucket.inflowXrp) + Number(bucket.outflowXrp),
      0,
    );
    const expectedXrp = Number(expected / 1_000_000n);
    const worst = Math.max(...samples.map((sample) => sample.p99Ms ?? 0));
    const worstMax = Math.max(...samples.map((sample) => sample.maxMs ?? 0));
    console.log(
      `\nstream: ${sent} ledgers of ${PER_LEDGER} transactions every ${CLOSE_MS / 1000} s for ${SECONDS} s, one server on embedded PGlite`,
    );
    console.log(`  idle (baseline)   event loop p99 ${idle.p99Ms ?? '—'} ms, max ${idle.maxMs ?? '—'} ms`);
    console.log(
      `  streaming         event loop p99 ${worst} ms (worst minute), max ${worstMax} ms; each minute's p99: ${samples.map((sample) => sample.p99Ms ?? '—').join(', ')}`,
    );
    console.log(
      `  every ledger read: the exchanges' 24h inflow + outflow ${moved} XRP; the ledgers moved ${expectedXrp} XRP to or from them`,
    );
    const ok = worst < 50 && moved === expectedXrp;
    console.log(`  goal (p99 < 50 ms, no ledger skipped): ${ok ? 'met' : 'missed'}`);
    return ok;
  } catch (error) {
    console.error(`stream: the server's log\n${app.output().slice(-4000)}`);
    throw error;
  } finally {
    await app.stop();
    await rippled.close();
  }
}
