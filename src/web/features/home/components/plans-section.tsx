import { BarChart3, Bell, Building2, Check, Code2 } from 'lucide-react';
import { Link } from 'react-router';
import { freePlanFeatures, premiumPlanFeatures } from '@/domain/plans/plans';
import { useSession } from '@/web/app/providers/session-provider';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';

const premiumFeatures = [
  {
    icon: BarChart3,
    title: 'Advanced Charting',
    text: 'Price, market cap and dominance charts over a year of history.',
  },
  {
    icon: Building2,
    title: 'Domino Theory Tracker',
    text: 'Every institutional event we track, not just the latest two.',
  },
  {
    icon: Bell,
    title: 'Whale & Regulatory Alerts',
    text: 'Transfers above 1M XRP and rulings, by email or push.',
  },
  { icon: Code2, title: 'API Access', text: 'The same data for your own tools and models.' },
];

/** SPEC §2 Home 3: hidden for premium members; buttons depend on whether the visitor is signed in. */
export function PlansSection() {
  const { user, isPremium, loading } = useSession();
  if (loading || isPremium) return null;
  return (
    <section aria-labelledby="plans-heading" className="flex flex-col gap-6" data-testid="plans-section">
      <h2 id="plans-heading" className="text-center text-2xl font-bold">
        Go further with Premium
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {premiumFeatures.map((feature) => (
          <Card key={feature.title}>
            <CardHeader>
              <feature.icon className="size-6 text-premium" aria-hidden="true" />
              <CardTitle as="h3">{feature.title}</CardTitle>
              <CardDescription>{feature.text}</CardDescription>
            </CardHeader>
          </Card>
        ))}
      </div>
      <div className="mx-auto grid w-full max-w-4xl gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h3">Free</CardTitle>
            <CardDescription>
              <span className="text-3xl font-bold text-foreground">$0</span> forever
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <ul className="flex flex-col gap-2 text-sm">
              {freePlanFeatures.map((item) => (
                <li key={item} className="flex items-center gap-2">
                  <Check className="size-4 text-primary" aria-hidden="true" />
                  {item}
                </li>
              ))}
            </ul>
            {user ? (
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
        <Card className="border-premium">
          <CardHeader>
            <div className="flex items-center justify-between">
              <CardTitle as="h3">Premium</CardTitle>
              <Badge className="border-premium/60 text-premium">Most Popular</Badge>
            </div>
            <CardDescription>
              <span className="text-3xl font-bold text-foreground">$9</span> per month
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <ul className="flex flex-col gap-2 text-sm">
              {premiumPlanFeatures.map((item) => (
                <li key={item} className="flex items-center gap-2">
                  <Check className="size-4 text-premium" aria-hidden="true" />
                  {item}
                </li>
              ))}
            </ul>
            <Button asChild variant="premium">
              {user ? (
                <Link to="/membership">Upgrade to Premium</Link>
              ) : (
                <Link to="/auth">Sign Up for Premium</Link>
              )}
            </Button>
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
