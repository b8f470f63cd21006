import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { NEWSLETTER_LINK_INVALID } from '@/domain/newsletter/newsletter.schema';
import { OneClickConfirm } from '@/web/components/one-click-confirm';
import { Card, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { api, unwrap } from '@/web/lib/api-client';
import { PageHeading } from './page-heading';

/**
 * The newsletter confirmation mail's link: one click confirms (a link scanner following the URL
 * subscribes nobody). Works without signing in.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useMutation({
    mutationFn: () => unwrap(api.newsletter.confirm.$post({ json: { token } })),
  });

  return (
    <div className="mx-auto flex max-w-lg flex-col gap-6">
      <PageHeading title="Newsletter" />
      <Card>
        {token.length < 20 ? (
          <CardHeader>
            <CardTitle>This link is not valid</CardTitle>
            <CardDescription>{NEWSLETTER_LINK_INVALID}</CardDescription>
          </CardHeader>
        ) : confirm.isSuccess ? (
          <CardHeader>
            <CardTitle role="status">You are subscribed</CardTitle>
            <CardDescription>
              {confirm.data.message} The weekly market summary goes to {confirm.data.email} every Monday; each
              one has a link to unsubscribe. Meanwhile, read the{' '}
              <Link to="/analysis" className="text-primary underline">
                past weeks
              </Link>
              .
            </CardDescription>
          </CardHeader>
        ) : (
          <>
            <CardHeader>
              <CardTitle>Confirm your subscription</CardTitle>
              <CardDescription>
                One click and the XRP Research weekly market summary comes to your inbox every Monday.
              </CardDescription>
            </CardHeader>
            <OneClickConfirm action={confirm} label="Confirm subscription" pendingLabel="Confirming..." />
          </>
        )}
      </Card>
    </div>
  );
}
