import type { ComponentProps, FormEventHandler } from 'react';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';

/** The newsletter box's markup; its form (`NewsletterForm`) takes over the input once loaded. */
export function NewsletterLayout(props: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  input: ComponentProps<'input'>;
  error?: string;
  pending?: boolean;
}) {
  return (
    <form onSubmit={props.onSubmit} className="flex flex-col gap-2" noValidate>
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
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? 'newsletter-email-error' : undefined}
          {...props.input}
        />
        <Button type="submit" disabled={props.pending}>
          {props.pending ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </div>
      {props.error && (
        <p id="newsletter-email-error" role="alert" className="text-sm text-destructive">
          {props.error}
        </p>
      )}
    </form>
  );
}
