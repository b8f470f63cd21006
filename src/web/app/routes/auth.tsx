import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/web/lib/toast';
import { safeReturnPath } from '@/domain/routing/guard';
import { Card, CardContent } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { ForgotPasswordForm } from '@/web/features/auth/components/forgot-password-form';
import { FreePlanBox } from '@/web/features/auth/components/free-plan-box';
import { ResetPasswordForm } from '@/web/features/auth/components/reset-password-form';
import { SignInForm } from '@/web/features/auth/components/sign-in-form';
import { SignUpForm } from '@/web/features/auth/components/sign-up-form';
import { TwoFactorStep } from '@/web/features/auth/components/two-factor-step';
import { sessionQuery, useSession } from '@/web/lib/session';
import { emitSessionEvent } from '@/web/lib/session-events';
import { usePageTitle } from '../use-page-title';

type View = 'tabs' | 'forgot' | 'two-factor';

/** /auth: Sign In and Sign Up tabs, the free-plan box; a signed-in visitor goes home. */
export function Component() {
  usePageTitle('Sign In');
  const { user, loading } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const [view, setView] = useState<View>('tabs');
  const [forgotEmail, setForgotEmail] = useState('');
  const [signingIn, setSigningIn] = useState(false);
  const returnTo = safeReturnPath((location.state as { from?: unknown } | null)?.from);
  const resetMode = searchParams.get('mode') === 'reset';

  if (loading) return <Spinner />;
  if (user && !signingIn) return <Navigate to="/" replace />;

  const onSignedIn = async () => {
    setSigningIn(true);
    await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    emitSessionEvent('SIGNED_IN');
    toast.success('Welcome back!', { description: 'You have successfully signed in.' });
    await navigate(returnTo, { replace: true });
  };

  let content;
  if (resetMode) {
    content = (
      <ResetPasswordForm
        token={searchParams.get('error') ? null : searchParams.get('token')}
        onDone={() => setSearchParams({}, { replace: true })}
      />
    );
  } else if (view === 'forgot') {
    content = <ForgotPasswordForm initialEmail={forgotEmail} onBack={() => setView('tabs')} />;
  } else if (view === 'two-factor') {
    content = <TwoFactorStep onSignedIn={onSignedIn} onCancel={() => setView('tabs')} />;
  } else {
    content = (
      <Tabs defaultValue={searchParams.get('tab') === 'signup' ? 'signup' : 'signin'}>
        <TabsList className="w-full">
          <TabsTrigger value="signin">Sign In</TabsTrigger>
          <TabsTrigger value="signup">Sign Up</TabsTrigger>
        </TabsList>
        <TabsContent value="signin">
          <SignInForm
            onSignedIn={onSignedIn}
            onTwoFactorRequired={() => setView('two-factor')}
            onForgotPassword={(email) => {
              setForgotEmail(email);
              setView('forgot');
            }}
          />
        </TabsContent>
        <TabsContent value="signup">
          <SignUpForm />
        </TabsContent>
      </Tabs>
    );
  }

  return (
    <div className="mx-auto grid max-w-4xl gap-8 md:grid-cols-[1fr_20rem]">
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold tracking-tight">Welcome to XRP Research</h1>
        <Card>
          <CardContent className="pt-6">{content}</CardContent>
        </Card>
      </div>
      <FreePlanBox />
    </div>
  );
}
