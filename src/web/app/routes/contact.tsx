import { pageHeadings } from '@/domain/routing/page-headings';
import { useMutation } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import {
  CONTACT_MESSAGE_MAX,
  contactMessageSchema,
  type ContactMessageInput,
} from '@/domain/contact/contact.schema';
import { useSession } from '@/web/lib/session';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { Label } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { Textarea } from '@/web/components/ui/textarea';
import { api, unwrap } from '@/web/lib/api-client';
import { refusal, useSchemaForm } from '@/web/lib/form';
import { PageHeading } from './page-heading';

/** /contact: a message to the team, stored and mailed to the administrators. */
export function Component() {
  const { user, loading } = useSession();
  return (
    <>
      <PageHeading title={pageHeadings.contact.title}>{pageHeadings.contact.description}</PageHeading>
      {loading ? (
        <Spinner />
      ) : (
        // A signed-in visitor's name and address are filled in.
        <ContactForm key={user?.id ?? 'visitor'} name={user?.name ?? ''} email={user?.email ?? ''} />
      )}
    </>
  );
}

function ContactForm(props: { name: string; email: string }) {
  const form = useSchemaForm(contactMessageSchema, {
    name: props.name,
    email: props.email,
    message: '',
    website: '',
  });
  const { errors } = form.formState;
  const message = useWatch({ control: form.control, name: 'message' });
  const send = useMutation({
    mutationFn: (input: ContactMessageInput) => unwrap(api.contact.$post({ json: input })),
    onSuccess: (result) => {
      toast.success('Message sent', { description: result.message });
      form.resetField('message');
    },
    // The form keeps what was written, so nothing is lost.
    onError: (error) => {
      form.setError('root', refusal(error));
      toast.error('Your message was not sent', { description: error.message });
    },
  });

  return (
    <Card className="max-w-2xl">
      <CardContent className="pt-6">
        <form
          onSubmit={form.handleSubmit((input) => send.mutate(input))}
          noValidate
          className="flex flex-col gap-5"
        >
          {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
          <Field
            id="contact-name"
            label="Name"
            autoComplete="name"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <Field
            id="contact-email"
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <div className="flex flex-col gap-2">
            <Label htmlFor="contact-message">Message</Label>
            <Textarea
              id="contact-message"
              rows={7}
              maxLength={CONTACT_MESSAGE_MAX}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={`contact-message-count${errors.message ? ' contact-message-error' : ''}`}
              {...form.register('message')}
            />
            <p id="contact-message-count" className="text-xs text-muted-foreground">
              {message.length} / {CONTACT_MESSAGE_MAX} characters
            </p>
            {errors.message && (
              <p id="contact-message-error" className="text-sm text-destructive">
                {errors.message.message}
              </p>
            )}
          </div>
          {/* The honeypot: hidden from people and screen readers; bots fill it in. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor="contact-website">Website</label>
            <input id="contact-website" tabIndex={-1} autoComplete="off" {...form.register('website')} />
          </div>
          <Button type="submit" disabled={send.isPending} className="self-start">
            {send.isPending ? 'Sending...' : 'Send message'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
