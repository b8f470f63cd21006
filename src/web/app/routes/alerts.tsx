import { PageHeading } from './page-heading';

/** The alerts issue fills this page in; the route, guard and lazy chunk are in place. */
export function Component() {
  return <PageHeading title="XRP Price & Market Alerts"></PageHeading>;
}
