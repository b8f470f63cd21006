import { sql, type Kysely } from 'kysely';

/**
 * Portfolio tracking: the XRP Ledger accounts a Premium member watches (read-only: an
 * address, never a secret), their last reading and payments, manual holdings (lots), token prices
 * read from the ledger's markets, and "watched account moves" alert rules.
 * Amounts in drops are numeric(20,0) (exact; 100B XRP is 1e17 drops), costs numeric(20,8).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE watched_accounts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
      address text NOT NULL,
      destination_tag bigint,
      label text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      balance_drops numeric(20, 0),
      owner_count integer,
      ledger_index bigint,
      lines jsonb NOT NULL DEFAULT '[]',
      refreshed_at timestamptz,
      refresh_error text,
      refresh_due_at timestamptz NOT NULL DEFAULT now(),
      -- From when the stored balances are complete: the account's creation when account_tx reached it.
      history_from timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, address)
    );
    CREATE INDEX watched_accounts_address_idx ON watched_accounts (address);
    CREATE INDEX watched_accounts_due_idx ON watched_accounts (refresh_due_at);

    CREATE TABLE watched_account_tx (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      watched_account_id uuid NOT NULL REFERENCES watched_accounts(id) ON DELETE CASCADE,
      hash text NOT NULL,
      ledger_index bigint NOT NULL,
      occurred_at timestamptz NOT NULL,
      direction text NOT NULL CHECK (direction IN ('in', 'out', 'other')),
      transaction_type text NOT NULL,
      delivered_drops numeric(20, 0),
      counterparty text,
      balance_after_drops numeric(20, 0),
      change_drops numeric(20, 0),
      -- Read while catching up (history), not seen live: never alerts.
      backfilled boolean NOT NULL DEFAULT false,
      UNIQUE (watched_account_id, hash)
    );
    CREATE INDEX watched_account_tx_recent_idx ON watched_account_tx (watched_account_id, occurred_at DESC);

    CREATE TABLE portfolio_lots (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
      amount_drops numeric(20, 0) NOT NULL CHECK (amount_drops > 0),
      -- A calendar day as YYYY-MM-DD text: no driver turns it into a midnight in some time zone.
      acquired_on text CHECK (acquired_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      cost_usd_per_xrp numeric(20, 8) CHECK (cost_usd_per_xrp >= 0),
      note text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX portfolio_lots_user_idx ON portfolio_lots (user_id, created_at);

    CREATE TABLE ledger_token_prices (
      currency text NOT NULL,
      issuer text NOT NULL,
      xrp_per_token double precision,
      source text CHECK (source IN ('amm', 'order-book')),
      unvalued_reason text,
      read_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (currency, issuer),
      CHECK ((xrp_per_token IS NULL) = (unvalued_reason IS NOT NULL))
    );

    CREATE TABLE ledger_reserves (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      base_drops numeric(20, 0) NOT NULL,
      per_object_drops numeric(20, 0) NOT NULL,
      ledger_index bigint,
      read_at timestamptz NOT NULL DEFAULT now()
    );

    ALTER TABLE alert_rules DROP CONSTRAINT alert_rules_kind_check;
    ALTER TABLE alert_rules ADD CONSTRAINT alert_rules_kind_check
      CHECK (kind IN ('price', 'percent', 'fear_greed', 'account_move'));
    ALTER TABLE alert_rules DROP CONSTRAINT alert_rules_direction_check;
    ALTER TABLE alert_rules ADD CONSTRAINT alert_rules_direction_check
      CHECK (direction IN ('above', 'below', 'crosses', 'up', 'down', 'either', 'in', 'out'));
    ALTER TABLE alert_rules ADD COLUMN watched_account_id uuid REFERENCES watched_accounts(id) ON DELETE CASCADE;
    ALTER TABLE alert_rules ADD CONSTRAINT alert_rules_account_move_check
      CHECK ((kind = 'account_move') = (watched_account_id IS NOT NULL));

    CREATE TRIGGER watched_account_tx_alerts AFTER INSERT ON watched_account_tx
      FOR EACH ROW WHEN (NOT NEW.backfilled) EXECUTE FUNCTION enqueue_alert_evaluation('account_tx');
  `.execute(db);
}
