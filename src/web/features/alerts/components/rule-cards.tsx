import { PremiumBadge } from '@/web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { CurrentPrice } from './current-price';
import { WhaleAlertForms } from './flow-rule-forms';
import { MarketAlertForms, PriceAlertForm } from './rule-forms';

/** The price target form, with the latest XRP price beside it. */
export function PriceAlertCard({ userId }: { userId: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Price Alert</CardTitle>
        <CardDescription>Get notified when XRP reaches your target.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 sm:grid-cols-[1fr_12rem]">
        <div className="sm:order-2">
          <CurrentPrice />
        </div>
        <PriceAlertForm userId={userId} disabled={false} />
      </CardContent>
    </Card>
  );
}

/** The percentage-move and Fear & Greed forms: Premium's, shown disabled on Free. */
export function MarketAlertsCard({ userId, isPremium }: { userId: string; isPremium: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          Market Alerts {!isPremium && <PremiumBadge />}
        </CardTitle>
        <CardDescription>Sudden moves and sentiment extremes.</CardDescription>
      </CardHeader>
      <CardContent>
        <MarketAlertForms userId={userId} disabled={!isPremium} />
      </CardContent>
    </Card>
  );
}

/** A named entity's whale payments, the exchanges' net flow and an exchange's reserve: Premium's, disabled on Free. */
export function WhaleAlertsCard({ userId, isPremium }: { userId: string; isPremium: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          Whale & Exchange Alerts {!isPremium && <PremiumBadge />}
        </CardTitle>
        <CardDescription>
          A named entity&apos;s whale payments, the exchanges&apos; net flow over 24 hours and an
          exchange&apos;s reserve, with who, how much and its dollar value.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <WhaleAlertForms userId={userId} disabled={!isPremium} />
      </CardContent>
    </Card>
  );
}
