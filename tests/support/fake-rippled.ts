import type { AddressInfo } from 'node:net';
import { isValidClassicAddress } from 'ripple-address-codec';
import { WebSocketServer, type WebSocket } from 'ws';

/** A token as the ledger names it. */
export interface FakeToken {
  currency: string;
  issuer: string;
}

/** An account the fake ledger holds (what `account_info`, `account_lines` and `account_tx` read). */
export interface FakeAccount {
  balanceDrops: bigint;
  ownerCount: number;
  sequence: number;
  lines: { token: FakeToken; balance: string; limit: string }[];
  /** `account_tx` entries, newest first (API v2: tx_json and meta). */
  transactions: unknown[];
  /** The AccountRoot's Flags (lsfRequireDestTag is 0x00020000); 0 unless set. */
  flags?: number;
}

/**
 * A WebSocket server speaking the part of rippled's API (v2) that our XRPL code uses: `subscribe` to
 * the ledger stream, `ping`, `ledger` by index or 'validated' with expanded transactions and its
 * `total_coins` (each ledger's fees burned from it), `account_objects` of type escrow (paged with a
 * marker), and for the portfolio `account_info`, `account_lines`, `account_tx` (newest first, paged
 * with a marker), `amm_info`, `book_offers`, `server_state` and `server_info` (the voted reserves),
 * with rippled's error codes (`actNotFound`, `actMalformed`). Tests add ledgers and announce them closed; `pay`
 * moves XRP between accounts in a new validated ledger. The real xrpl.js client connects to it.
 */
export interface FakeRippled {
  url: string;
  addLedger(index: number, transactions: unknown[], closeTimeIso?: string): void;
  closeLedger(index: number): void;
  /** Drops a ledger, as a server that lost it (or a fallback with less history) lacks it. */
  forgetLedger(index: number): void;
  /** Funds (or replaces) an account. */
  setAccount(address: string, account: Partial<FakeAccount> & { balanceDrops: bigint }): void;
  account(address: string): FakeAccount | undefined;
  /** The reserves validators voted, in drops (1 XRP and 0.2 XRP unless set). */
  setReserves(baseDrops: number, perObjectDrops: number): void;
  /** The XRP/token AMM pool `amm_info` answers for the token (null: no pool). */
  setPool(token: FakeToken, pool: { xrpDrops: bigint; tokenValue: string } | null): void;
  /** The offers `book_offers` lists for one direction of the XRP/token book. */
  setBook(
    token: FakeToken,
    side: 'buying' | 'selling',
    offers: { xrpDrops: bigint; tokenValue: string }[],
  ): void;
  /**
   * A validated XRP payment in a new ledger, announced on the stream: both balances move (the sender
   * also pays a 12-drop fee) and it appears first in both accounts' `account_tx`. Returns its hash.
   * `destinationTag` tags it (an exchange deposit); `deliveredDrops` below `drops` makes it a partial
   * payment that delivered only that; a `result` other than tesSUCCESS makes it a failed one that
   * moved nothing but the fee.
   */
  pay(payment: {
    from: string;
    to: string;
    drops: bigint;
    at?: string;
    destinationTag?: number;
    deliveredDrops?: bigint;
    result?: string;
  }): string;
  /** The XRP in existence, in drops, as the next ledgers state it (each ledger's fees burn more). */
  setTotalCoins(drops: bigint): void;
  /** What `total_coins` the latest validated ledger states. */
  totalCoins(): bigint;
  /**
   * Replaces the escrows `owner` funded. `account_objects` lists each under its owner and under its
   * destination (when another account), as rippled does; both must be funded accounts.
   */
  setEscrows(owner: string, escrows: FakeEscrow[]): void;
  /** Drops every connection (the client should reconnect). */
  dropConnections(): void;
  /** While on, every connection is closed as soon as it opens (a server that keeps hanging up). */
  hangUp(on: boolean): void;
  requests: { command: string; ledger_index?: unknown }[];
  close(): Promise<void>;
}

/** An Escrow ledger entry: XRP locked until FinishAfter (and returnable after CancelAfter). */
export interface FakeEscrow {
  amountDrops: bigint;
  destination?: string;
  finishAfter?: Date;
  cancelAfter?: Date;
  /** The ledger of its EscrowCreate. */
  createdLedger?: number;
}

const RIPPLE_EPOCH = 946_684_800;

/** A 64-hex stand-in for a hash, stable for the same text. */
function hashOf(text: string): string {
  let hex = '';
  for (let round = 0; hex.length < 64; round += 1) {
    let h = 2166136261 ^ round;
    for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
    hex += (h >>> 0).toString(16).padStart(8, '0');
  }
  return hex.slice(0, 64).toUpperCase();
}

/** The fake's XRP in existence at its start: not mainnet's, so no figure can be copied from there. */
const FAKE_TOTAL_COINS = 99_912_345_678_901_234n;

/** A transaction's fee in drops, whichever shape (API v2 `tx_json`, or flat) it comes in. */
function feeOf(transaction: unknown): bigint {
  const entry = transaction as { tx_json?: { Fee?: string }; Fee?: string };
  return BigInt(entry.tx_json?.Fee ?? entry.Fee ?? 0);
}

export async function startFakeRippled(): Promise<FakeRippled> {
  const ledgers = new Map<number, { transactions: unknown[]; closeTimeIso: string; totalCoins: bigint }>();
  let totalCoins = FAKE_TOTAL_COINS;
  /** A ledger with these transactions: their fees are burned from the XRP in existence. */
  const storeLedger = (index: number, transactions: unknown[], closeTimeIso: string) => {
    totalCoins -= transactions.reduce<bigint>((sum, transaction) => sum + feeOf(transaction), 0n);
    ledgers.set(index, { transactions, closeTimeIso, totalCoins });
  };
  const escrows = new Map<string, (FakeEscrow & { owner: string; index: string })[]>();
  const subscribers = new Set<WebSocket>();
  const requests: FakeRippled['requests'] = [];
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  const validated = () => Math.max(0, ...ledgers.keys());
  /** As rippled says it: the unbroken run of ledgers it holds up to the validated one. */
  const completeLedgers = () => {
    const last = validated();
    if (!ledgers.has(last)) return 'empty';
    let first = last;
    while (ledgers.has(first - 1)) first -= 1;
    return `${first}-${last}`;
  };
  let hangingUp = false;
  const accounts = new Map<string, FakeAccount>();
  const pools = new Map<string, { xrpDrops: bigint; tokenValue: string }>();
  const books = new Map<string, { xrpDrops: bigint; tokenValue: string }[]>();
  const reserves = { base: 1_000_000, inc: 200_000 };
  const tokenKey = (token: FakeToken) => `${token.currency}.${token.issuer}`;
  const isToken = (value: unknown): value is FakeToken =>
    typeof value === 'object' && value !== null && 'currency' in value && 'issuer' in value;
  let paymentCount = 0;

  const closedMessage = (index: number) => ({
    type: 'ledgerClosed',
    fee_base: 10,
    ledger_hash: hashOf(`ledger-${index}`),
    ledger_index: index,
    ledger_time:
      Math.floor(Date.parse(ledgers.get(index)?.closeTimeIso ?? new Date().toISOString()) / 1000) -
      RIPPLE_EPOCH,
    reserve_base: reserves.base,
    reserve_inc: reserves.inc,
    txn_count: ledgers.get(index)?.transactions.length ?? 0,
    validated_ledgers: `1-${index}`,
  });

  const ledgerReply = (index: number) => {
    const ledger = ledgers.get(index);
    if (!ledger) return null;
    const closeTime = Math.floor(Date.parse(ledger.closeTimeIso) / 1000) - RIPPLE_EPOCH;
    return {
      ledger: {
        ledger_index: index,
        close_time: closeTime,
        close_time_iso: ledger.closeTimeIso.replace('.000Z', 'Z'),
        closed: true,
        total_coins: ledger.totalCoins.toString(),
        transactions: ledger.transactions,
      },
      ledger_index: index,
      validated: true,
    };
  };

  server.on('connection', (socket) => {
    if (hangingUp) return socket.close(1011, 'going away');
    socket.on('message', (raw) => {
      const request = JSON.parse(String(raw)) as {
        id: unknown;
        command: string;
        ledger_index?: unknown;
        streams?: string[];
      };
      requests.push({ command: request.command, ledger_index: request.ledger_index });
      const reply = (result: unknown) =>
        socket.send(
          JSON.stringify({ id: request.id, type: 'response', status: 'success', api_version: 2, result }),
        );
      const fail = (error: string, code?: number, message = error) =>
        socket.send(
          JSON.stringify({
            id: request.id,
            type: 'response',
            api_version: 2,
            status: 'error',
            error,
            ...(code === undefined ? {} : { error_code: code }),
            error_message: message,
            request,
          }),
        );
      if (request.command === 'server_info') {
        reply({
          info: {
            build_version: '2.3.0-fake',
            complete_ledgers: completeLedgers(),
            network_id: 0,
            validated_ledger: {
              seq: validated(),
              base_fee_xrp: 0.00001,
              reserve_base_xrp: reserves.base / 1_000_000,
              reserve_inc_xrp: reserves.inc / 1_000_000,
            },
          },
        });
      } else if (request.command === 'ping') {
        // xrpl.js pings an idle connection and reconnects when the ping fails.
        reply({});
      } else if (request.command === 'subscribe') {
        subscribers.add(socket);
        const { type: _type, txn_count: _count, ...state } = closedMessage(validated());
        reply(state);
      } else if (request.command === 'unsubscribe') {
        subscribers.delete(socket);
        reply({});
      } else if (request.command === 'ledger') {
        const index =
          request.ledger_index === 'validated' || request.ledger_index === undefined
            ? validated()
            : Number(request.ledger_index);
        const result = ledgerReply(index);
        if (result) reply(result);
        else fail('lgrNotFound');
      } else if (request.command === 'server_state') {
        reply({
          state: {
            build_version: '2.4.0-fake',
            complete_ledgers: completeLedgers(),
            server_state: 'full',
            validated_ledger: {
              base_fee: 10,
              close_time: Math.floor(Date.now() / 1000) - RIPPLE_EPOCH,
              hash: hashOf(`ledger-${validated()}`),
              reserve_base: reserves.base,
              reserve_inc: reserves.inc,
              seq: validated(),
            },
          },
        });
      } else if (request.command === 'account_objects') {
        const {
          account: address,
          type,
          limit,
          marker,
        } = request as {
          account?: string;
          type?: string;
          limit?: number;
          marker?: string;
        };
        if (!isValidClassicAddress(String(address ?? '')))
          return fail('actMalformed', 35, 'Account malformed.');
        if (!accounts.has(String(address))) return fail('actNotFound', 19, 'Account not found.');
        const listed =
          type === undefined || type === 'escrow'
            ? [...escrows.values()]
                .flat()
                .filter((escrow) => escrow.owner === address || escrow.destination === address)
            : [];
        const start = marker ? Number(marker.split(',')[1]) : 0;
        const size = Math.min(Math.max(Number(limit) || 200, 10), 400);
        const page = listed.slice(start, start + size);
        const more = start + size < listed.length;
        reply({
          account: address,
          account_objects: page.map((escrow) => ({
            Account: escrow.owner,
            Amount: escrow.amountDrops.toString(),
            ...(escrow.cancelAfter
              ? { CancelAfter: Math.floor(escrow.cancelAfter.getTime() / 1000) - RIPPLE_EPOCH }
              : {}),
            Destination: escrow.destination ?? escrow.owner,
            DestinationNode: '0',
            ...(escrow.finishAfter
              ? { FinishAfter: Math.floor(escrow.finishAfter.getTime() / 1000) - RIPPLE_EPOCH }
              : {}),
            Flags: 0,
            LedgerEntryType: 'Escrow',
            OwnerNode: '0',
            PreviousTxnID: hashOf(`escrow-create-${escrow.index}`),
            PreviousTxnLgrSeq: escrow.createdLedger ?? 1,
            index: escrow.index,
          })),
          ledger_hash: hashOf(`ledger-${validated()}`),
          ledger_index: validated(),
          limit: size,
          ...(more ? { marker: `${hashOf(`marker-${start + size}`)},${start + size}` } : {}),
          validated: true,
        });
      } else if (['account_info', 'account_lines', 'account_tx'].includes(request.command)) {
        const address = String((request as { account?: unknown }).account ?? '');
        if (!isValidClassicAddress(address)) return fail('actMalformed', 35, 'Account malformed.');
        const account = accounts.get(address);
        if (!account) return fail('actNotFound', 19, 'Account not found.');
        const at = {
          ledger_index: validated(),
          ledger_hash: hashOf(`ledger-${validated()}`),
          validated: true,
        };
        if (request.command === 'account_info') {
          reply({
            account_data: {
              Account: address,
              Balance: account.balanceDrops.toString(),
              Flags: account.flags ?? 0,
              LedgerEntryType: 'AccountRoot',
              OwnerCount: account.ownerCount,
              Sequence: account.sequence,
              index: hashOf(`root-${address}`),
            },
            ...at,
          });
        } else if (request.command === 'account_lines') {
          reply({
            account: address,
            lines: account.lines.map((line) => ({
              account: line.token.issuer,
              balance: line.balance,
              currency: line.token.currency,
              limit: line.limit,
              limit_peer: '0',
              no_ripple: true,
              no_ripple_peer: false,
              quality_in: 0,
              quality_out: 0,
            })),
            ...at,
          });
        } else {
          const { limit, marker } = request as { limit?: number; marker?: { seq?: number } };
          const start = marker?.seq ?? 0;
          const size = Math.min(Math.max(Number(limit) || 200, 1), 400);
          const page = account.transactions.slice(start, start + size);
          const more = start + size < account.transactions.length;
          reply({
            account: address,
            ledger_index_min: 1,
            ledger_index_max: validated(),
            limit: size,
            ...(more ? { marker: { ledger: validated(), seq: start + size } } : {}),
            transactions: page,
            validated: true,
          });
        }
      } else if (request.command === 'amm_info') {
        const { asset, asset2 } = request as { asset?: unknown; asset2?: unknown };
        const token = isToken(asset2) ? asset2 : isToken(asset) ? asset : null;
        const pool = token ? pools.get(tokenKey(token)) : undefined;
        if (!token || !pool) return fail('actNotFound', 19, 'Account not found.');
        const tokenAmount = { currency: token.currency, issuer: token.issuer, value: pool.tokenValue };
        const xrpFirst = !isToken(asset);
        reply({
          amm: {
            account: 'r3FAarFDapDxeKeETQfPRMoinSWJBwDytJ',
            amount: xrpFirst ? pool.xrpDrops.toString() : tokenAmount,
            amount2: xrpFirst ? tokenAmount : pool.xrpDrops.toString(),
            asset2_frozen: false,
            lp_token: {
              currency: '039C99CD9AB0B70B32ECDA51EAAE471625608EA2',
              issuer: 'r3FAarFDapDxeKeETQfPRMoinSWJBwDytJ',
              value: '1000',
            },
            trading_fee: 500,
            vote_slots: [],
          },
          ledger_index: validated(),
          validated: true,
        });
      } else if (request.command === 'book_offers') {
        const {
          taker_gets: gets,
          taker_pays: pays,
          limit,
        } = request as {
          taker_gets?: unknown;
          taker_pays?: unknown;
          limit?: number;
        };
        // taker_gets XRP, taker_pays token: offers giving XRP for the token (buying it), and back.
        const side = isToken(pays) ? 'buying' : 'selling';
        const token = isToken(pays) ? pays : isToken(gets) ? gets : null;
        const offers = token ? (books.get(`${side}:${tokenKey(token)}`) ?? []) : [];
        reply({
          ledger_index: validated(),
          offers: offers.slice(0, Number(limit) || 10).map((offer, index) => {
            const tokenAmount = { currency: token!.currency, issuer: token!.issuer, value: offer.tokenValue };
            const xrp = offer.xrpDrops.toString();
            return {
              Account: 'rn4mWmmZRMHsSiPhPFCfHTcRs9CEawuMkj',
              Flags: 0,
              LedgerEntryType: 'Offer',
              Sequence: index + 1,
              TakerGets: side === 'buying' ? xrp : tokenAmount,
              TakerPays: side === 'buying' ? tokenAmount : xrp,
              index: hashOf(`offer-${side}-${index}`),
              owner_funds: '99999999999',
              quality: String(
                side === 'buying'
                  ? Number(offer.tokenValue) / Number(offer.xrpDrops)
                  : Number(offer.xrpDrops) / Number(offer.tokenValue),
              ),
            };
          }),
          validated: true,
        });
      } else {
        fail('unknownCmd');
      }
    });
    socket.on('close', () => subscribers.delete(socket));
  });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `ws://127.0.0.1:${port}`,
    requests,
    addLedger: (index, transactions, closeTimeIso = new Date().toISOString()) =>
      storeLedger(index, transactions, closeTimeIso),
    forgetLedger: (index) => ledgers.delete(index),
    closeLedger: (index) => {
      const message = JSON.stringify(closedMessage(index));
      for (const socket of subscribers) socket.send(message);
    },
    setAccount: (address, account) =>
      accounts.set(address, { ownerCount: 0, sequence: 1, lines: [], transactions: [], ...account }),
    account: (address) => accounts.get(address),
    setReserves: (baseDrops, perObjectDrops) => {
      reserves.base = baseDrops;
      reserves.inc = perObjectDrops;
    },
    setPool: (token, pool) => {
      if (pool) pools.set(tokenKey(token), pool);
      else pools.delete(tokenKey(token));
    },
    setBook: (token, side, offers) => books.set(`${side}:${tokenKey(token)}`, offers),
    pay: ({
      from,
      to,
      drops,
      at = new Date().toISOString(),
      destinationTag,
      deliveredDrops,
      result = 'tesSUCCESS',
    }) => {
      const failed = result !== 'tesSUCCESS';
      const delivered = failed ? 0n : (deliveredDrops ?? drops);
      const sender = accounts.get(from);
      if (!sender) throw new Error(`fake rippled: no account ${from}`);
      const fee = 12n;
      const receiver = accounts.get(to) ?? {
        balanceDrops: 0n,
        ownerCount: 0,
        sequence: 1,
        lines: [],
        transactions: [],
      };
      const created = !accounts.has(to);
      accounts.set(to, receiver);
      const index = validated() + 1;
      paymentCount += 1;
      const hash = hashOf(`payment-${paymentCount}-${from}-${to}`);
      const senderBefore = sender.balanceDrops;
      const receiverBefore = receiver.balanceDrops;
      sender.balanceDrops -= delivered + fee;
      sender.sequence += 1;
      receiver.balanceDrops += delivered;
      const root = (account: string, before: bigint, after: bigint, owner: FakeAccount) =>
        created && account === to
          ? {
              CreatedNode: {
                LedgerEntryType: 'AccountRoot',
                LedgerIndex: hashOf(`root-${account}`),
                NewFields: { Account: account, Balance: after.toString(), Sequence: index },
              },
            }
          : {
              ModifiedNode: {
                LedgerEntryType: 'AccountRoot',
                LedgerIndex: hashOf(`root-${account}`),
                FinalFields: {
                  Account: account,
                  Balance: after.toString(),
                  Flags: owner.flags ?? 0,
                  OwnerCount: owner.ownerCount,
                  Sequence: owner.sequence,
                },
                PreviousFields: { Balance: before.toString() },
              },
            };
      const closeTimeIso = at.replace(/\.\d{3}Z$/, 'Z');
      const entry = {
        close_time_iso: closeTimeIso,
        hash,
        ledger_hash: hashOf(`ledger-${index}`),
        ledger_index: index,
        validated: true,
        meta: {
          // A failed payment changes the sender's root alone (its fee and sequence).
          AffectedNodes: [
            root(from, senderBefore, sender.balanceDrops, sender),
            ...(failed ? [] : [root(to, receiverBefore, receiver.balanceDrops, receiver)]),
          ],
          TransactionIndex: 0,
          TransactionResult: result,
          ...(failed ? {} : { delivered_amount: delivered.toString() }),
        },
        tx_json: {
          Account: from,
          DeliverMax: drops.toString(),
          Destination: to,
          ...(destinationTag === undefined ? {} : { DestinationTag: destinationTag }),
          Fee: fee.toString(),
          // tfPartialPayment when less than DeliverMax arrived.
          Flags: delivered < drops && !failed ? 0x0002_0000 : 0,
          Sequence: sender.sequence - 1,
          TransactionType: 'Payment',
          date: Math.floor(Date.parse(at) / 1000) - RIPPLE_EPOCH,
          ledger_index: index,
        },
      };
      sender.transactions.unshift(entry);
      receiver.transactions.unshift(entry);
      storeLedger(index, [entry], at);
      const message = JSON.stringify(closedMessage(index));
      for (const socket of subscribers) socket.send(message);
      return hash;
    },
    setTotalCoins: (drops) => {
      totalCoins = drops;
    },
    totalCoins: () => ledgers.get(validated())?.totalCoins ?? totalCoins,
    setEscrows: (owner, list) =>
      escrows.set(
        owner,
        list.map((escrow, position) => ({ ...escrow, owner, index: hashOf(`escrow-${owner}-${position}`) })),
      ),
    dropConnections: () => {
      for (const socket of server.clients) socket.terminate();
    },
    hangUp: (on) => {
      hangingUp = on;
      if (on) for (const socket of server.clients) socket.close(1011, 'going away');
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of server.clients) socket.terminate();
        server.close(() => resolve());
      }),
  };
}
