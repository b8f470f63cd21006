import { PageHeading } from './page-heading';

/** The analytics issue fills this page in; the route, guard and lazy chunk are in place. */
export function Component() {
  return <PageHeading title="XRP Analytics Dashboard"></PageHeading>;
}
