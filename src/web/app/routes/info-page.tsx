import { useMatches } from 'react-router';
import { PageHeading } from './page-heading';

/** The footer pages (/api, /learn …); their content comes with the developer API and pages issue. */
export function Component() {
  const match = useMatches().at(-1);
  const title = (match?.handle as { title?: string } | undefined)?.title ?? 'XRP Research';
  return <PageHeading title={title} />;
}
