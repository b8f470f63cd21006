import { pageHeadings } from '@/domain/routing/page-headings';
import { useSession } from '@/web/lib/session';
import { AlertTypesCard } from '@/web/features/alerts/components/alert-types-card';
import {
  AlertsMembershipCard,
  PremiumAlertsExplainer,
} from '@/web/features/alerts/components/membership-cards';
import { NotificationSettingsCard } from '@/web/features/alerts/components/notification-settings-card';
import { RecentAlertsCard } from '@/web/features/alerts/components/recent-alerts-card';
import {
  MarketAlertsCard,
  PriceAlertCard,
  WhaleAlertsCard,
} from '@/web/features/alerts/components/rule-cards';
import { AlertsSignInCard } from '@/web/features/alerts/components/sign-in-card';
import { YourAlertsCard } from '@/web/features/alerts/components/your-alerts-card';
import { PageHeading } from './page-heading';

/** The alerts page, with real rules, delivered alerts and saved toggles. */
export function Component() {
  const { user, isPremium } = useSession();
  const userId = user?.id ?? '';
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={pageHeadings.alerts.title}>{pageHeadings.alerts.description}</PageHeading>
      {!user && <AlertsSignInCard />}
      {user && !isPremium && <PremiumAlertsExplainer />}
      {user && (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="flex flex-col gap-6 lg:col-span-2">
            <AlertTypesCard userId={userId} isPremium={isPremium} />
            <PriceAlertCard userId={userId} />
            <MarketAlertsCard userId={userId} isPremium={isPremium} />
            <WhaleAlertsCard userId={userId} isPremium={isPremium} />
            <YourAlertsCard userId={userId} isPremium={isPremium} />
          </div>
          <div className="flex flex-col gap-6">
            <RecentAlertsCard userId={userId} />
            <NotificationSettingsCard userId={userId} isPremium={isPremium} />
          </div>
        </div>
      )}
      <AlertsMembershipCard signedIn={!!user} isPremium={isPremium} />
    </div>
  );
}
