import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
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

/** SPEC §2 Settings: 'Profile Settings' with five tabs; the open tab is kept in the URL. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const current = tabs.some((tab) => tab.value === params.get('tab'))
    ? (params.get('tab') as string)
    : 'general';
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeading title="Profile Settings">
        Manage your account, security, notifications and privacy.
      </PageHeading>
      <Tabs value={current} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <TabsList className="h-auto w-full flex-wrap">
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map(({ value, Content }) => (
          <TabsContent key={value} value={value}>
            <Content />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
