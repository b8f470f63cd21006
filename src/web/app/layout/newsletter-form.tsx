import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { api, unwrap } from '@/web/lib/api-client';

export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const subscribe = useMutation({
    mutationFn: (value: string) => unwrap(api.newsletter.$post({ json: { email: value } })),
    onSuccess: (result) => {
      toast.success('Almost there', { description: result.message });
      setEmail('');
    },
    onError: (error) => toast.error('Subscription failed', { description: error.message }),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The rule is loaded on the first sign-up, not with every page (it brings the validation library).
    const { newsletterSignupSchema } = await import('@/domain/newsletter/newsletter.schema');
    const parsed = newsletterSignupSchema.safeParse({ email });
    if (!parsed.success) {
      toast.error('Subscription failed', { description: parsed.error.issues[0]?.message });
      return;
    }
    subscribe.mutate(parsed.data.email);
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-2" noValidate>
      <label htmlFor="newsletter-email" className="text-sm font-semibold">
        Newsletter
      </label>
      <p className="text-sm text-muted-foreground">Weekly XRP market summaries in your inbox.</p>
      <div className="flex gap-2">
        <Input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" disabled={subscribe.isPending}>
          {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </div>
    </form>
  );
}
