import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { OneClickConfirm } from '@/web/components/one-click-confirm';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { confirmUnsubscribe, unsubscribeInfo } from '@/web/features/alerts/api/alerts';
import { PageHeading } from './page-heading';

/**
 * An email's unsubscribe link: says what it switches off and asks for one click (a link scanner
 * following the URL changes nothing). Works without signing in.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () => unsubscribeInfo(token),
    enabled: token.length > 0,
    retry: false,
  });
  const confirm = useMutation({ mutationFn: () => confirmUnsubscribe(token) });

  return (
    <div className="mx-auto flex max-w-lg flex-col gap-6">
      <PageHeading title="Email preferences" />
      <Card>
        {!token || info.isError ? (
          <CardHeader>
            <CardTitle>This link is not valid</CardTitle>
            <CardDescription>
              It may be incomplete. Sign in and choose your emails in{' '}
              <Link to="/settings" className="text-primary underline">
                Settings
              </Link>
              .
            </CardDescription>
          </CardHeader>
        ) : info.isPending ? (
          <CardContent className="pt-6">
            <Spinner label="Loading..." />
          </CardContent>
        ) : confirm.isSuccess ? (
          <CardHeader>
            <CardTitle role="status">You are unsubscribed</CardTitle>
            <CardDescription>
              You will no longer receive {confirm.data.label}.{' '}
              {confirm.data.category === 'newsletter' ? (
                'You can sign up again at any time with the box at the bottom of every page.'
              ) : (
                <>
                  You can turn them back on in{' '}
                  <Link to="/settings" className="text-primary underline">
                    Settings
                  </Link>
                  .
                </>
              )}
            </CardDescription>
          </CardHeader>
        ) : (
          <>
            <CardHeader>
              <CardTitle>Unsubscribe from {info.data.label}?</CardTitle>
              {info.data.category !== 'newsletter' && (
                <CardDescription>Security emails about your account are always sent.</CardDescription>
              )}
            </CardHeader>
            <OneClickConfirm action={confirm} label="Unsubscribe" pendingLabel="Unsubscribing..." />
          </>
        )}
      </Card>
    </div>
  );
}
