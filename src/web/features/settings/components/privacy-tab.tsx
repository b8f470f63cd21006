import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/web/lib/toast';
import { planNames } from '@/domain/plans/plans';
import { useSession } from '@/web/lib/session';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useDates } from '@/web/lib/preferences';
import { downloadFile } from '@/web/lib/download';

const downloadMyData = (): Promise<void> => downloadFile('/api/account/export', 'xrp-research-data.json');

export function PrivacyTab() {
  const dates = useDates();
  const { user, profile, isPremium } = useSession();
  const [downloading, setDownloading] = useState(false);
  if (!user) return null;
  const created = dates.date(user.createdAt);
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Subscription</CardTitle>
          <CardDescription>
            Current plan: <strong>{planNames[profile?.subscriptionPlan ?? 'free']}</strong>
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant={isPremium ? 'outline' : 'premium'}>
            <Link to="/membership">{isPremium ? 'Manage Subscription' : 'Upgrade'}</Link>
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Account information</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Account created</dt>
            <dd>{created}</dd>
            <dt className="text-muted-foreground">User ID</dt>
            <dd className="font-mono" data-testid="user-id-prefix">
              {user.id.slice(0, 8)}
            </dd>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Your data</CardTitle>
          <CardDescription>
            Everything we keep about you, as a JSON file: your profile, preferences and sessions, alerts,
            portfolio and notifications, and in the discussions your name, comments and likes.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button
            variant="outline"
            disabled={downloading}
            onClick={() => {
              setDownloading(true);
              downloadMyData()
                .catch((error: unknown) =>
                  toast.error('Download failed', { description: (error as Error).message }),
                )
                .finally(() => setDownloading(false));
            }}
          >
            <Download aria-hidden="true" /> {downloading ? 'Preparing...' : 'Download my data'}
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
