import { useId, type KeyboardEvent } from 'react';
import {
  QUESTION_BODY_MAX,
  analystMessageSchema,
  type InboxThread,
} from '@/domain/questions/questions.schema';
import { formatInteger } from '@/domain/format/format';
import { Button } from '@/web/components/ui/button';
import { FormAlert } from '@/web/components/ui/form-alert';
import { Label } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { cn } from '@/web/lib/cn';
import { refusal, useSchemaForm } from '@/web/lib/form';
import { useSendInboxMessage } from '../../api/inbox';
import { memberName } from './question-badges';

/** One choice of the Reply / Internal note switch: a radio drawn as a segment. */
function Choice(props: {
  name: string;
  checked: boolean;
  disabled?: boolean;
  onSelect: () => void;
  children: string;
}) {
  return (
    <label
      className={cn(
        'flex flex-1 cursor-pointer items-center justify-center rounded-sm px-3 py-1.5 text-sm font-medium text-muted-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
        props.checked && 'bg-background text-foreground shadow-sm',
        props.disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <input
        type="radio"
        name={props.name}
        className="sr-only"
        checked={props.checked}
        disabled={props.disabled}
        onChange={props.onSelect}
      />
      {props.children}
    </label>
  );
}

/**
 * The analyst's answer: a reply to the member (emailed and notified) or an internal note only
 * analysts read. A closed question takes notes only. What was typed stays when sending fails.
 */
export function Composer({ thread }: { thread: InboxThread }) {
  const id = useId();
  const send = useSendInboxMessage();
  const closed = thread.status === 'closed';
  // A closed question takes notes only; reopened, the choice is the analyst's again (a reply first).
  const form = useSchemaForm(analystMessageSchema, { body: '', internal: false });
  const { errors } = form.formState;
  const internal = form.watch('internal') || closed;
  const body = form.watch('body') ?? '';
  const member = memberName(thread.member);

  const submit = form.handleSubmit((message) =>
    send.mutate(
      { id: thread.id, body: message.body, internal },
      {
        onSuccess: () => form.reset({ body: '', internal: form.getValues('internal') }),
        onError: (failure) => form.setError('root', refusal(failure)),
      },
    ),
  );
  // Ctrl+Enter (or ⌘+Enter) sends, as in a mail client.
  const sendOnShortcut = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit(event);
  };
  const field = `${id}-body`;
  const hint = `${internal ? 'Only analysts see notes; the member is not told.' : `${member} is emailed and notified.`} Ctrl+Enter sends.`;

  return (
    <form noValidate onSubmit={submit} aria-label="Answer" className="flex flex-col gap-3">
      {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">Write</legend>
        <div className="flex gap-1 rounded-md bg-muted p-1">
          <Choice
            name={`${id}-kind`}
            checked={!internal}
            disabled={closed}
            onSelect={() => form.setValue('internal', false)}
          >
            Reply to member
          </Choice>
          <Choice name={`${id}-kind`} checked={internal} onSelect={() => form.setValue('internal', true)}>
            Internal note
          </Choice>
        </div>
        {closed && (
          <p className="text-xs text-muted-foreground">
            This question is closed: reopen it to reply. You can still add internal notes.
          </p>
        )}
      </fieldset>
      <div className="flex flex-col gap-2">
        <Label htmlFor={field}>{internal ? 'Internal note (analysts only)' : `Reply to ${member}`}</Label>
        <Textarea
          id={field}
          rows={5}
          maxLength={QUESTION_BODY_MAX}
          placeholder={internal ? 'A note for the other analysts' : 'Your answer'}
          className={cn(internal && 'border-amber-500/70 bg-amber-50 dark:bg-amber-950/40')}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={`${field}-hint ${field}-count${errors.body ? ` ${field}-error` : ''}`}
          onKeyDown={sendOnShortcut}
          {...form.register('body')}
        />
        <div className="flex flex-wrap justify-between gap-2 text-xs text-muted-foreground">
          <p id={`${field}-hint`}>{hint}</p>
          <p id={`${field}-count`}>
            {formatInteger(body.length)} / {formatInteger(QUESTION_BODY_MAX)} characters
          </p>
        </div>
        {errors.body && (
          <p id={`${field}-error`} className="text-sm text-destructive">
            {internal ? errors.body.message?.replace('reply', 'note') : errors.body.message}
          </p>
        )}
      </div>
      <Button type="submit" disabled={send.isPending} className="self-end">
        {send.isPending ? 'Sending...' : internal ? 'Add note' : 'Send reply'}
      </Button>
    </form>
  );
}
