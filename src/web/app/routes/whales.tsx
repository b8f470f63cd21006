import { pageHeadings } from '@/domain/routing/page-headings';
import { ExchangeFlowsCard } from '@/web/features/market/components/exchange-flows-card';
import { WhaleHistory } from '@/web/features/market/components/whale-history';
import { PageHeading } from './page-heading';

/** XRP onto and off exchanges, then every stored whale payment, named and valued, with filters (Premium). */
export function Component() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={pageHeadings.whales.title}>{pageHeadings.whales.description}</PageHeading>
      <ExchangeFlowsCard />
      <WhaleHistory />
    </div>
  );
}
