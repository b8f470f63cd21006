import { BarChart3, Bell, Building2, Newspaper } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { MarketTicker } from '@/web/features/home/components/market-ticker';
import { PlansSection } from '@/web/features/home/components/plans-section';
import { useSession } from '@/web/lib/session';
import { usePageTitle } from '../use-page-title';

const featureCards = [
  {
    icon: BarChart3,
    title: 'Real-Time Analytics',
    description:
      'Live price, market cap, volume, dominance and velocity, with the Crypto Fear & Greed index.',
  },
  {
    icon: Building2,
    title: 'Institutional Insights',
    description: 'The Domino Theory tracker follows banks, payment firms and regulators as they move on XRP.',
  },
  {
    icon: Bell,
    title: 'Premium Alerts',
    description: 'Price targets, whale transfers, regulatory and adoption news, by email or push.',
  },
];

/** The home page: hero, Market Updates ticker, and the features and plans section. */
export function Component() {
  usePageTitle('XRP Research');
  const { user, isPremium } = useSession();
  const signedInFree = Boolean(user) && !isPremium;
  return (
    <div className="flex flex-col gap-12">
      <section className="flex flex-col items-center gap-6 py-10 text-center">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight md:text-5xl">
          XRP research and analytics, in one place
        </h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
          Follow the XRP market with curated news, live metrics, whale activity from the XRP Ledger and the
          institutions adopting it.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          {signedInFree ? (
            <>
              <Button asChild size="lg">
                <Link to="/news">
                  <Newspaper aria-hidden="true" /> View Latest News
                </Link>
              </Button>
              <Button asChild size="lg" variant="premium">
                <Link to="/membership">Upgrade for Analytics</Link>
              </Button>
            </>
          ) : (
            <>
              <Button asChild size="lg">
                <Link to="/analytics">
                  <BarChart3 aria-hidden="true" /> View Analytics Dashboard
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/news">
                  <Newspaper aria-hidden="true" /> Read the News
                </Link>
              </Button>
            </>
          )}
        </div>
      </section>
      <MarketTicker />
      <section aria-labelledby="features-heading" className="grid gap-4 md:grid-cols-3">
        <h2 id="features-heading" className="sr-only">
          Features
        </h2>
        {featureCards.map((card) => (
          <Card key={card.title}>
            <CardHeader>
              <card.icon className="size-8 text-primary" aria-hidden="true" />
              <CardTitle as="h3">{card.title}</CardTitle>
              <CardDescription>{card.description}</CardDescription>
            </CardHeader>
          </Card>
        ))}
      </section>
      <PlansSection />
    </div>
  );
}
