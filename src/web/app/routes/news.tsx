import { PageHeading } from './page-heading';

/** The news issue fills this page in; the route, guard and lazy chunk are in place. */
export function Component() {
  return <PageHeading title="News & Insights">The latest XRP news from many sources.</PageHeading>;
}
