import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { safeReturnPath } from '@/domain/routing/guard';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input, Label } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { authClient } from '@/web/lib/auth-client';
import { sessionQuery, useSession } from '../providers/session-provider';
import { usePageTitle } from '../use-page-title';

/** Sign in (the full sign-up, verification and 2FA screens come with the accounts issue). */
export function Component() {
  usePageTitle('Sign In');
  const { user, loading } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const returnTo = safeReturnPath((location.state as { from?: unknown } | null)?.from);

  if (loading) return <Spinner />;
  if (user && !submitting) return <Navigate to="/" replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    const result = await authClient.signIn.email({ email, password });
    if (result.error) {
      const message = result.error.message ?? 'Invalid email or password';
      setError(message);
      toast.error('Sign in failed', { description: message });
      setSubmitting(false);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    toast.success('Welcome back!', { description: 'You have successfully signed in.' });
    await navigate(returnTo, { replace: true });
  };

  return (
    <div className="mx-auto max-w-md">
      <Card>
        <CardHeader>
          <CardTitle>
            <span className="text-2xl">Sign In</span>
          </CardTitle>
          <CardDescription>Sign in to your XRP Research account.</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)}>
            {error && (
              <p
                role="alert"
                className="rounded-md border border-destructive/50 p-3 text-sm text-destructive"
              >
                {error}
              </p>
            )}
            <div className="flex flex-col gap-2">
              <Label htmlFor="signin-email">Email</Label>
              <Input
                id="signin-email"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="signin-password">Password</Label>
              <Input
                id="signin-password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </div>
            <Button type="submit" disabled={submitting}>
              {submitting ? 'Signing in...' : 'Sign In'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
