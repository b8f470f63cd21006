import { UrlTabs } from '@/web/components/ui/url-tabs';
import { useSession } from '@/web/lib/session';
import { ApiTab } from './api-tab';
import { CommentsTab } from './comments-tab';
import { DominoTab } from './domino-tab';
import { FeedsTab } from './feeds-tab';
import { InboxTab } from './inbox-tab';
import { OverviewTab } from './overview-tab';
import { UsersTab } from './users-tab';

const inboxTab = { value: 'inbox', label: 'Analyst Inbox', Content: InboxTab } as const;

/** An administrator's tabs: the six of the dashboard and the analysts' inbox. */
export const adminTabs = [
  { value: 'overview', label: 'Overview', Content: OverviewTab },
  { value: 'users', label: 'User Management', Content: UsersTab },
  { value: 'comments', label: 'Comments', Content: CommentsTab },
  inboxTab,
  { value: 'feeds', label: 'RSS Feeds', Content: FeedsTab },
  { value: 'api', label: 'API Management', Content: ApiTab },
  { value: 'domino', label: 'Domino Events', Content: DominoTab },
] as const;

/** An analyst who is not an administrator: the inbox alone. */
export const analystTabs = [inboxTab] as const;

/**
 * The dashboard's tabs for the viewer (the open one kept in the URL, `?tab=`): every tab for an
 * administrator, the Analyst Inbox alone for an analyst (whatever `?tab=` a shared link names).
 */
export function AdminTabs() {
  const { isAdmin } = useSession();
  return <UrlTabs tabs={isAdmin ? adminTabs : analystTabs} className="justify-start" />;
}
