import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { EMAIL_CHANGE_LINK_INVALID } from '@/domain/account/account.schema';
import { appRoutes } from '@/domain/routing/routes';
import { OneClickConfirm } from '@/web/components/one-click-confirm';
import { Card, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { api, unwrap } from '@/web/lib/api-client';
import { emitSessionEvent } from '@/web/lib/session-events';
import { PageHeading } from './page-heading';

/**
 * The email-change mails' links: `?confirm=` from the new address, `?cancel=` from the old one. One
 * click does it (a link scanner following the URL changes nothing); no sign-in needed.
 */
export function Component() {
  const [params] = useSearchParams();
  const confirmToken = params.get('confirm') ?? '';
  const cancelToken = params.get('cancel') ?? '';
  const isCancel = cancelToken !== '';
  const token = isCancel ? cancelToken : confirmToken;

  const action = useMutation({
    mutationFn: () =>
      isCancel
        ? unwrap(api.account['email-change'].cancel.$post({ json: { token } }))
        : unwrap(api.account['email-change'].confirm.$post({ json: { token } })),
    // The session in this tab and the member's other tabs shows the address as it is now; undoing a
    // done change signs every session out, these included.
    onSuccess: (result) =>
      emitSessionEvent('outcome' in result && result.outcome === 'undone' ? 'SIGNED_OUT' : 'USER_UPDATED'),
  });

  return (
    <div className="mx-auto flex max-w-lg flex-col gap-6">
      <PageHeading title="Email address" />
      <Card>
        {token.length < 20 ? (
          <CardHeader>
            <CardTitle>This link is not valid</CardTitle>
            <CardDescription>{EMAIL_CHANGE_LINK_INVALID}</CardDescription>
          </CardHeader>
        ) : action.isSuccess ? (
          <CardHeader>
            <CardTitle role="status">{isCancel ? 'Change stopped' : 'Email address changed'}</CardTitle>
            <CardDescription>
              {action.data.message}{' '}
              <Link to={isCancel ? appRoutes.auth : appRoutes.settings} className="text-primary underline">
                {isCancel ? 'Sign in' : 'Back to Settings'}
              </Link>
            </CardDescription>
          </CardHeader>
        ) : isCancel ? (
          <>
            <CardHeader>
              <CardTitle>Stop this email change?</CardTitle>
              <CardDescription>
                Someone asked to move your XRP Research account to another email address. If it was not you,
                stop it here. If the change already went through, this undoes it and signs every session out.
              </CardDescription>
            </CardHeader>
            <OneClickConfirm action={action} label="Stop the change" pendingLabel="Stopping..." />
          </>
        ) : (
          <>
            <CardHeader>
              <CardTitle>Confirm your new email address</CardTitle>
              <CardDescription>
                Your XRP Research account will use this address from now on, for signing in and for every
                mail.
              </CardDescription>
            </CardHeader>
            <OneClickConfirm action={action} label="Confirm new address" pendingLabel="Confirming..." />
          </>
        )}
      </Card>
    </div>
  );
}
