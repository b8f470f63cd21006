import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { freePlanFeatures, planFeature, premiumPlanFeatures, type PlanFeature } from '@/domain/plans/plans';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { PremiumPriceFigure } from './plan-price';

/** A plan's features; one with a page of its own links to it. */
export function FeatureList({
  items,
  premium,
}: {
  items: readonly (string | PlanFeature)[];
  premium?: boolean;
}) {
  return (
    <ul className="flex flex-col gap-2 text-sm">
      {items.map(planFeature).map((feature) => (
        <li key={feature.label} className="flex items-center gap-2">
          <Check className={premium ? 'size-4 text-premium' : 'size-4 text-primary'} aria-hidden="true" />
          {feature.to ? (
            <Link to={feature.to} className="text-primary underline-offset-4 hover:underline">
              {feature.label}
            </Link>
          ) : (
            feature.label
          )}
        </li>
      ))}
    </ul>
  );
}

/** The Free card's button: the member's current plan, or the way in for a visitor. */
export function FreePlanAction({ signedIn }: { signedIn: boolean }) {
  return signedIn ? (
    <Button variant="outline" disabled>
      Current Plan
    </Button>
  ) : (
    <Button asChild variant="outline">
      <Link to="/auth">Get Started</Link>
    </Button>
  );
}

/**
 * The Free and Premium cards, one definition for the home page and /membership: the features from
 * domain/plans, Premium's price from the billing provider; the buttons are the caller's.
 */
export function PlanCards({
  heading,
  freeAction,
  premiumAction,
}: {
  /** h2 on /membership, h3 under the home page's section heading. */
  heading: 'h2' | 'h3';
  freeAction: ReactNode;
  premiumAction: ReactNode;
}) {
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 md:grid-cols-2" data-testid="plan-cards">
      <Card>
        <CardHeader>
          <CardTitle as={heading}>Free</CardTitle>
          <CardDescription>
            <span className="text-4xl font-bold text-foreground">$0</span> forever
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-1 flex-col justify-between gap-6">
          <FeatureList items={freePlanFeatures} />
          {freeAction}
        </CardContent>
      </Card>
      <Card className="border-2 border-premium">
        <CardHeader>
          <div className="flex items-center justify-between gap-2">
            <CardTitle as={heading}>Premium</CardTitle>
            <Badge className="border-premium/60 text-premium">Most Popular</Badge>
          </div>
          <CardDescription data-testid="premium-price">
            <PremiumPriceFigure className="text-4xl" />
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-1 flex-col justify-between gap-6">
          <FeatureList items={premiumPlanFeatures} premium />
          {premiumAction}
        </CardContent>
      </Card>
    </div>
  );
}
