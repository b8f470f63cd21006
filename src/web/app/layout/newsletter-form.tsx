import { useMutation } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, type RefObject } from 'react';
import { newsletterSignupSchema } from '@/domain/newsletter/newsletter.schema';
import { toast } from '@/web/lib/toast';
import { api, unwrap } from '@/web/lib/api-client';
import { refusal, useSchemaForm } from '@/web/lib/form';

export interface NewsletterState {
  /** The problem shown under the box: the address's, or the server's refusal. */
  error?: string | undefined;
  pending: boolean;
}

/**
 * The footer's newsletter sign-up (ADR 0039), loaded when the box comes into view or is used. It
 * renders nothing: it takes over the box `FooterNewsletter` already shows, registering that very
 * input, so no key typed while it loaded is lost, and answers a submit made meanwhile.
 */
export function NewsletterForm(props: {
  input: RefObject<HTMLInputElement | null>;
  onReady: (controller: { submit(): void }) => void;
  onState: (state: NewsletterState) => void;
  /** The address was taken: the box empties. */
  onSent: () => void;
}) {
  const { input, onReady, onState, onSent } = props;
  // No default value: the form starts from what the box already holds.
  const form = useSchemaForm(newsletterSignupSchema, {});
  const subscribe = useMutation({
    mutationFn: (email: string) => unwrap(api.newsletter.$post({ json: { email } })),
    onSuccess: (result) => {
      toast.success('Almost there', { description: result.message });
      form.reset({ email: '' });
      onSent();
    },
    onError: (error) => {
      form.setError('root', refusal(error));
      toast.error('Subscription failed', { description: error.message });
    },
  });
  const { errors } = form.formState;
  const error = errors.email?.message ?? errors.root?.message;

  useLayoutEffect(() => {
    const element = input.current;
    if (!element) return;
    const { ref, onChange, onBlur } = form.register('email');
    ref(element);
    form.setValue('email', element.value);
    const changed = (event: Event) => void onChange(event);
    const left = (event: Event) => void onBlur(event);
    element.addEventListener('input', changed);
    element.addEventListener('blur', left);
    return () => {
      element.removeEventListener('input', changed);
      element.removeEventListener('blur', left);
    };
  }, [form, input]);

  useEffect(() => {
    onState({ error, pending: subscribe.isPending });
  }, [error, subscribe.isPending, onState]);

  useEffect(() => {
    onReady({
      submit: () => {
        // What the box holds now, whatever events reached the form.
        if (input.current) form.setValue('email', input.current.value);
        void form.handleSubmit((value) => subscribe.mutate(value.email))();
      },
    });
  }, [form, input, onReady, subscribe]);

  return null;
}
