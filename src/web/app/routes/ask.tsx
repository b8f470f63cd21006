import { pageHeadings } from '@/domain/routing/page-headings';
import { useSession } from '@/web/lib/session';
import { AskAnalyst } from '@/web/features/questions';
import { PageHeading } from './page-heading';

/**
 * /ask: Premium members' private questions to the site's analysts. Signed-in members only;
 * one who downgraded still reads their questions here.
 */
export function Component() {
  const { user } = useSession();
  return (
    <div className="flex flex-col">
      <PageHeading title={pageHeadings.ask.title}>{pageHeadings.ask.description}</PageHeading>
      <AskAnalyst userId={user?.id ?? ''} />
    </div>
  );
}
