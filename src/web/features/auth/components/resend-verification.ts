import { toast } from '@/web/lib/toast';
import { authClient } from '@/web/lib/auth-client';
import { authErrorMessage } from './auth-errors';

/** Sends the verification link again and says how it went. */
export async function resendVerificationEmail(email: string): Promise<void> {
  const result = await authClient.sendVerificationEmail({ email: email.trim(), callbackURL: '/?verified=1' });
  if (result.error)
    toast.error('Could not send the email', {
      description: authErrorMessage(result.error, 'Please try again.'),
    });
  else toast.success('Verification email sent', { description: `Check ${email.trim()} for the link.` });
}
