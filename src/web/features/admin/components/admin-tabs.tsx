import { UrlTabs } from '@/web/components/ui/url-tabs';
import { useSession } from '@/web/lib/session';
import { ApiTab } from './api-tab';
import { CommentsTab } from './comments-tab';
import { DominoTab } from './domino-tab';
import { FeedsTab } from './feeds-tab';
import { InboxTab } from './inbox-tab';
import { KnownAccountsTab } from './known-accounts-tab';
import { OverviewTab } from './overview-tab';
import { UsersTab } from './users-tab';

const inboxTab = { value: 'inbox', label: 'Analyst Inbox', Content: InboxTab } as const;

/** An administrator's tabs: the seven of the dashboard and the analysts' inbox. */
export const adminTabs = [
  { value: 'overview', label: 'Overview', Content: OverviewTab },
  { value: 'users', label: 'User Management', Content: UsersTab },
  { value: 'comments', label: 'Comments', Content: CommentsTab },
  inboxTab,
  { value: 'feeds', label: 'RSS Feeds', Content: FeedsTab },
  { value: 'api', label: 'API Management', Content: ApiTab },
  { value: 'domino', label: 'Domino Events', Content: DominoTab },
  { value: 'accounts', label: 'Known Accounts', Content: KnownAccountsTab },
] as const;

/**
 * The dashboard's tabs for the viewer (the open one kept in the URL, `?tab=`): every tab for an
 * administrator, the Analyst Inbox alone for an analyst (whatever `?tab=` a shared link names).
 */
export function AdminTabs() {
  const { isAdmin } = useSession();
  // One tab needs no tab bar: the page's heading already names it.
  if (!isAdmin) return <InboxTab />;
  return <UrlTabs tabs={adminTabs} className="justify-start" />;
}
