import { PageHeading } from './page-heading';

/** The membership issue fills this page in; the route, guard and lazy chunk are in place. */
export function Component() {
  return <PageHeading title="Choose Your Membership Plan"></PageHeading>;
}
