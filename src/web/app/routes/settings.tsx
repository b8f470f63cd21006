import { UrlTabs } from '@/web/components/ui/url-tabs';
import { AccountTab } from '@/web/features/settings/components/account-tab';
import { GeneralTab } from '@/web/features/settings/components/general-tab';
import { NotificationsTab } from '@/web/features/settings/components/notifications-tab';
import { PrivacyTab } from '@/web/features/settings/components/privacy-tab';
import { SecurityTab } from '@/web/features/settings/components/security-tab';
import { PageHeading } from './page-heading';

const tabs = [
  { value: 'general', label: 'General', Content: GeneralTab },
  { value: 'security', label: 'Security', Content: SecurityTab },
  { value: 'notifications', label: 'Notifications', Content: NotificationsTab },
  { value: 'privacy', label: 'Privacy', Content: PrivacyTab },
  { value: 'account', label: 'Account', Content: AccountTab },
] as const;

/** Settings: 'Profile Settings' with five tabs; the open tab is kept in the URL. */
export function Component() {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeading title="Profile Settings">
        Manage your account, security, notifications and privacy.
      </PageHeading>
      <UrlTabs tabs={tabs} />
    </div>
  );
}
