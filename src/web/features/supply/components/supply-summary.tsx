import { useQuery } from '@tanstack/react-query';
import { formatAmount, formatCountOf, formatDecimal, formatInteger } from '@/domain/format/format';
import type { Supply } from '@/domain/supply/supply.schema';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { useDates } from '@/web/lib/preferences';
import { supplyQuery } from '../api/supply';
import { LoadError } from './load-error';

/** Why Ripple's parts are unknown, as the page says it. */
export const NO_RIPPLE_ACCOUNTS =
  'No account is named as Ripple’s in the registry of known accounts, so what Ripple holds and escrows is unknown.';

type Latest = NonNullable<Supply['latest']>;

function Figure({
  label,
  xrp,
  detail,
  unknown,
  testId,
}: {
  label: string;
  xrp: string | null;
  detail: string;
  unknown?: string;
  testId: string;
}) {
  return (
    <div className="flex flex-col gap-1 rounded-lg border p-4" data-testid={testId}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="flex flex-col gap-1">
        {xrp === null ? (
          <>
            <span className="text-2xl font-semibold">—</span>
            <span className="text-xs text-muted-foreground">{unknown}</span>
          </>
        ) : (
          <>
            <span className="text-2xl font-semibold tabular-nums" title={`${formatDecimal(xrp)} XRP`}>
              {formatAmount(xrp)} XRP
            </span>
            <span className="text-xs break-words text-muted-foreground tabular-nums">
              {formatDecimal(xrp)} XRP · {detail}
            </span>
          </>
        )}
      </dd>
    </div>
  );
}

function Figures({ latest }: { latest: Latest }) {
  const dates = useDates();
  const unknown = latest.unknownReason === 'no_ripple_accounts' ? NO_RIPPLE_ACCOUNTS : undefined;
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Figure
          label="XRP in existence"
          xrp={latest.totalXrp}
          detail="the ledger’s total_coins"
          testId="supply-total"
        />
        <Figure
          label="XRP burned"
          xrp={latest.burnedXrp}
          detail="100 billion made at the first ledger, less total_coins: destroyed by fees"
          testId="supply-burned"
        />
        <Figure
          label="In Ripple’s escrow"
          xrp={latest.escrowedXrp}
          detail={`${formatCountOf(latest.escrows ?? 0, 'escrow')} owned by Ripple’s named accounts`}
          unknown={unknown}
          testId="supply-escrowed"
        />
        <Figure
          label="Held by Ripple"
          xrp={latest.rippleHeldXrp}
          detail={`the balance of ${formatCountOf(latest.rippleAccounts, 'account')} named as Ripple’s`}
          unknown={unknown}
          testId="supply-ripple-held"
        />
        <Figure
          label="The rest"
          xrp={latest.restXrp}
          detail="neither escrowed nor held by Ripple’s named accounts"
          unknown={unknown}
          testId="supply-rest"
        />
      </dl>
      <p className="text-xs text-muted-foreground" data-testid="supply-as-of">
        Read from the XRP Ledger at ledger {formatInteger(latest.ledgerIndex)}, closed{' '}
        {dates.dateTime(latest.at)} {dates.zoneName(latest.at)}. Ripple’s accounts are the ones the registry
        of known accounts names as Ripple’s; an account it does not name is counted in the rest.
      </p>
    </div>
  );
}

/** The latest supply reading, for everyone: what exists, what burned, and Ripple's part. */
export function SupplySummary() {
  const supply = useQuery(supplyQuery);
  return (
    <Card data-testid="supply-summary">
      <CardHeader>
        <CardTitle as="h2">XRP supply</CardTitle>
        <CardDescription>Read from the validated ledger every hour.</CardDescription>
      </CardHeader>
      <CardContent>
        {supply.isPending ? (
          <Spinner label="Loading the supply..." />
        ) : supply.isError ? (
          <LoadError what="the supply" query={supply} />
        ) : supply.data.latest === null ? (
          <div className="flex flex-col gap-1 text-sm" data-testid="supply-empty">
            <p className="font-medium">— No supply reading yet</p>
            <p className="text-muted-foreground">
              The XRPL Supply source reads the ledger hourly; the first reading appears here once it has run.
            </p>
          </div>
        ) : (
          <Figures latest={supply.data.latest} />
        )}
      </CardContent>
    </Card>
  );
}
