import { useMutation } from '@tanstack/react-query';
import { newsletterSignupSchema } from '@/domain/newsletter/newsletter.schema';
import { toast } from '@/web/lib/toast';
import { api, unwrap } from '@/web/lib/api-client';
import { useSchemaForm } from '@/web/lib/form';
import { NewsletterLayout } from './newsletter-layout';

/** The footer's newsletter sign-up (loaded as the footer comes near, see `FooterNewsletter`). */
export function NewsletterForm(props: { initialEmail?: string; autoFocus?: boolean }) {
  const form = useSchemaForm(newsletterSignupSchema, { email: props.initialEmail ?? '' });
  const subscribe = useMutation({
    mutationFn: (email: string) => unwrap(api.newsletter.$post({ json: { email } })),
    onSuccess: (result) => {
      toast.success('Almost there', { description: result.message });
      form.reset({ email: '' });
    },
    onError: (error) => toast.error('Subscription failed', { description: error.message }),
  });
  return (
    <NewsletterLayout
      onSubmit={form.handleSubmit((input) => subscribe.mutate(input.email))}
      input={{ ...form.register('email'), autoFocus: props.autoFocus }}
      error={form.formState.errors.email?.message}
      pending={subscribe.isPending}
    />
  );
}
