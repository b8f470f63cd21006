import { Link } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';

/** What a free member's alerts are, and what Premium adds: the page explains instead of redirecting. */
export function PremiumAlertsExplainer() {
  return (
    <Card className="border-premium/50" data-testid="premium-alerts-explainer">
      <CardHeader>
        <CardTitle>Price targets are yours on Free; Premium adds the rest</CardTitle>
        <CardDescription>
          On the Free plan you can set XRP price targets below: they fire in the app, under the bell, and by
          email.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div>
          <p className="text-sm font-medium">Premium adds:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            <li>Percentage moves: XRP up or down a set % within 1 hour or 24 hours</li>
            <li>Fear &amp; Greed index levels</li>
            <li>Whale movements: transfers of 1M XRP or more on the XRP Ledger</li>
            <li>Regulatory news: rulings, filings and policy</li>
            <li>Adoption updates and new institutional events</li>
            <li>Payments into or out of the accounts you watch</li>
            <li>A named entity&apos;s whale payments, exchanges&apos; net flow and reserves</li>
            <li>Email for every alert type, push notifications in your browser</li>
            <li>Hourly or daily digests and quiet hours</li>
          </ul>
        </div>
        <Button asChild variant="premium" className="self-start">
          <Link to="/membership">Upgrade to Premium</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** The foot of the alerts page: a member's plan and billing, or what Premium adds to alerts. */
export function AlertsMembershipCard({ signedIn, isPremium }: { signedIn: boolean; isPremium: boolean }) {
  return (
    <Card className="bg-muted/40">
      <CardContent className="flex flex-wrap items-center justify-between gap-4 pt-6">
        <div>
          <p className="font-semibold">{isPremium ? 'Your Premium membership' : 'Never miss a move'}</p>
          <p className="text-sm text-muted-foreground">
            {isPremium
              ? 'See your plan, billing and invoices.'
              : 'Premium adds whale, regulatory and adoption alerts, push notifications and alert customization.'}
          </p>
        </div>
        <Button asChild variant={isPremium ? 'outline' : 'premium'}>
          <Link to={signedIn ? '/membership' : '/auth'}>
            {isPremium ? 'Manage Membership' : 'Get Premium'}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
