import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { freePlanFeatures, premiumPlanFeatures } from '@/domain/plans/plans';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useCheckout } from '../lib/billing-actions';

function FeatureList({ items, premium }: { items: readonly string[]; premium?: boolean }) {
  return (
    <ul className="flex flex-col gap-2 text-sm">
      {items.map((item) => (
        <li key={item} className="flex items-center gap-2">
          <Check className={premium ? 'size-4 text-premium' : 'size-4 text-primary'} aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  );
}

export { FeatureList };

/** SPEC §2 Membership (signed out or free): the two plans and what each button does. */
export function PlanChooser({ signedIn }: { signedIn: boolean }) {
  const checkout = useCheckout(signedIn);
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 md:grid-cols-2" data-testid="plan-chooser">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Free</CardTitle>
          <CardDescription>
            <span className="text-4xl font-bold text-foreground">$0</span> forever
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-1 flex-col justify-between gap-6">
          <FeatureList items={freePlanFeatures} />
          {signedIn ? (
            <Button variant="outline" disabled>
              Current Plan
            </Button>
          ) : (
            <Button asChild variant="outline">
              <Link to="/auth">Get Started</Link>
            </Button>
          )}
        </CardContent>
      </Card>
      <Card className="border-2 border-premium">
        <CardHeader>
          <div className="flex items-center justify-between gap-2">
            <CardTitle as="h2">Premium</CardTitle>
            <Badge className="border-premium/60 text-premium">Most Popular</Badge>
          </div>
          <CardDescription>
            <span className="text-4xl font-bold text-foreground">$9</span> per month
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-1 flex-col justify-between gap-6">
          <FeatureList items={premiumPlanFeatures} premium />
          {signedIn ? (
            <Button variant="premium" disabled={checkout.opening} onClick={() => void checkout.start()}>
              {checkout.opening ? 'Opening Checkout...' : 'Upgrade to Premium'}
            </Button>
          ) : (
            <Button asChild variant="premium">
              <Link to="/auth">Sign Up for Premium</Link>
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
