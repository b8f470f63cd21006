import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/web/lib/session';
import { billingConfigQuery, billingSummaryQuery } from '@/web/features/billing/api/billing';
import { ManagePremium } from '@/web/features/billing/components/manage-premium';
import {
  Faq,
  PaymentOptions,
  planFaq,
  premiumHelpFaq,
  Testimonials,
} from '@/web/features/billing/components/membership-info';
import { PlanChooser } from '@/web/features/billing/components/plan-chooser';
import { TestModeNotice } from '@/web/features/billing/components/test-mode-notice';
import { useCheckoutReturn } from '@/web/features/billing/lib/use-checkout-return';
import { usePremiumPriceText } from '@/web/features/billing';
import { PageHeading } from './page-heading';

/** /membership: plans for visitors and free members; management for premium and complimentary. */
export function Component() {
  const { user, profile, isPremium, loading } = useSession();
  useCheckoutReturn({ loading, signedIn: Boolean(user) });
  const summary = useQuery(billingSummaryQuery(isPremium ? user?.id : undefined));
  const config = useQuery(billingConfigQuery);
  const price = usePremiumPriceText('');
  const mode = config.data?.mode;
  const testMode = mode === 'test';

  if (loading)
    return (
      <p role="status" className="py-16 text-center text-muted-foreground">
        Loading...
      </p>
    );

  if (isPremium) {
    const complimentary = profile?.subscriptionPlan === 'complimentary';
    const granted = !complimentary && summary.data?.premiumSource === 'granted';
    return (
      <div className="flex flex-col gap-10">
        <PageHeading title="Manage Your Premium Access">
          {complimentary
            ? 'Your complimentary access includes every Premium feature.'
            : granted
              ? 'Your Premium access and features in one place.'
              : 'Your subscription, billing and Premium features in one place.'}
        </PageHeading>
        {testMode && !complimentary && !granted && <TestModeNotice />}
        <ManagePremium complimentary={complimentary} summary={summary.data} />
        <Faq
          title="Need Help?"
          items={premiumHelpFaq(
            complimentary ? 'complimentary' : granted ? 'granted' : 'paying',
            granted && summary.data?.canManageBilling === true,
          )}
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-12">
      <div className="text-center">
        <PageHeading title="Choose Your Membership Plan">
          Start free, or go Premium for the full analytics, alerts and institutional tracker.
        </PageHeading>
      </div>
      {testMode && user && <TestModeNotice />}
      <PlanChooser signedIn={Boolean(user)} />
      <PaymentOptions mode={mode} />
      <Testimonials />
      <Faq title="Frequently Asked Questions" items={planFaq(price || null, mode)} />
    </div>
  );
}
