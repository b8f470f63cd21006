import { BarChart3, Bell, Building2, Code2 } from 'lucide-react';
import { Link } from 'react-router';
import { useSession } from '@/web/lib/session';
import { Button } from '@/web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FreePlanAction, PlanCards } from '@/web/features/billing';

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

/**
 * The home page's features and plans section: hidden for premium members; buttons depend on whether
 * the visitor is signed in.
 */
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
      <PlanCards
        heading="h3"
        freeAction={<FreePlanAction signedIn={Boolean(user)} />}
        premiumAction={
          <Button asChild variant="premium">
            {user ? (
              <Link to="/membership">Upgrade to Premium</Link>
            ) : (
              <Link to="/auth">Sign Up for Premium</Link>
            )}
          </Button>
        }
      />
    </section>
  );
}
