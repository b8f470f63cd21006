import { pageHeadings } from '@/domain/routing/page-headings';
import { useSession } from '@/web/lib/session';
import { LotsCard, PortfolioInsights, ReadOnlyNote, WatchedAccountsCard } from '@/web/features/portfolio';
import { PageHeading } from './page-heading';

/**
 * Portfolio tracking (Premium): the XRP Ledger accounts a member watches and the holdings
 * they enter, added up and valued at the latest synced price.
 */
export function Component() {
  const { user } = useSession();
  const userId = user?.id ?? '';
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={pageHeadings.portfolio.title}>{pageHeadings.portfolio.description}</PageHeading>
      <ReadOnlyNote />
      <PortfolioInsights userId={userId} />
      <WatchedAccountsCard userId={userId} />
      <LotsCard userId={userId} />
    </div>
  );
}
