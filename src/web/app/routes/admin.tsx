import { PageHeading } from './page-heading';

/** The admin issue fills this page in; the route, guard and lazy chunk are in place. */
export function Component() {
  return <PageHeading title="Admin Dashboard"></PageHeading>;
}
