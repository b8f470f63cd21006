import { pageHeadings } from '@/domain/routing/page-headings';
import { ApiReference } from '@/web/features/developer/components/api-reference';
import { PageHeading } from './page-heading';

/** /api: the Developer API reference (Premium members call it with their keys). */
export function Component() {
  return (
    <>
      <PageHeading title={pageHeadings.api.title}>{pageHeadings.api.description}</PageHeading>
      <ApiReference />
    </>
  );
}
