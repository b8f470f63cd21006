import { ApiReference } from '@/web/features/developer/components/api-reference';
import { PageHeading } from './page-heading';

/** /api: the Developer API reference (Premium members call it with their keys). */
export function Component() {
  return (
    <>
      <PageHeading title="Developer API">
        Read-only XRP market, sentiment, whale, news and institutional-event data for your own code.
      </PageHeading>
      <ApiReference />
    </>
  );
}
