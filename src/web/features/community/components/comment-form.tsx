import { useWatch } from 'react-hook-form';
import { COMMENT_MAX_LENGTH, commentEditSchema } from '@/domain/community/community.schema';
import { Button } from '@/web/components/ui/button';
import { FormAlert } from '@/web/components/ui/form-alert';
import { Label } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { cn } from '@/web/lib/cn';
import { refusal, useSchemaForm } from '@/web/lib/form';
import { toast } from '@/web/lib/toast';
import { formatInteger } from '@/domain/format/format';
import { ProfileCancelled } from './discussion-context';

/** The counter shows from here on: most comments never see it. */
const COUNTER_FROM = Math.round(COMMENT_MAX_LENGTH * 0.8);

/**
 * The text box of a new comment, a reply or an edit, checked with the API's own rule (1 to 5,000
 * characters once trimmed). A refusal shows above the box and as a toast; what was typed stays.
 * Ctrl+Enter (⌘+Enter) sends.
 */
export function CommentForm({
  id,
  label,
  hideLabel = false,
  initialBody = '',
  placeholder,
  submitLabel,
  pendingLabel,
  failureTitle,
  hint,
  autoFocus = false,
  onSubmit,
  onCancel,
}: {
  id: string;
  label: string;
  hideLabel?: boolean;
  initialBody?: string;
  placeholder?: string;
  submitLabel: string;
  pendingLabel: string;
  failureTitle: string;
  hint?: string;
  autoFocus?: boolean;
  /** Resolves when the server has it; throws its refusal. */
  onSubmit(body: string): Promise<unknown>;
  onCancel?(): void;
}) {
  const form = useSchemaForm(commentEditSchema, { body: initialBody });
  const { errors, isSubmitting } = form.formState;
  const body = useWatch({ control: form.control, name: 'body' });
  const length = body.length;
  const over = length > COMMENT_MAX_LENGTH;

  const submit = form.handleSubmit(async (input) => {
    try {
      await onSubmit(input.body);
      form.reset({ body: '' });
    } catch (error) {
      if (error instanceof ProfileCancelled) return;
      form.setError('root', refusal(error));
      toast.error(failureTitle, { description: error instanceof Error ? error.message : String(error) });
    }
  });

  const describedBy = [
    hint ? `${id}-hint` : null,
    length >= COUNTER_FROM ? `${id}-count` : null,
    errors.body ? `${id}-error` : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="flex flex-col gap-2"
      aria-label={label}
    >
      {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
      <Label htmlFor={id} className={cn(hideLabel && 'sr-only')}>
        {label}
      </Label>
      <Textarea
        id={id}
        dir="auto"
        rows={3}
        className="min-h-24 resize-y"
        placeholder={placeholder}
        autoFocus={autoFocus}
        aria-invalid={errors.body || over ? true : undefined}
        aria-describedby={describedBy || undefined}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void submit();
          }
        }}
        {...form.register('body')}
      />
      {errors.body && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {errors.body.message}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          {hint && <span id={`${id}-hint`}>{hint}</span>}
          {length >= COUNTER_FROM && (
            <span
              id={`${id}-count`}
              data-testid="comment-counter"
              className={cn('tabular-nums', over && 'font-medium text-destructive')}
            >
              {formatInteger(length)} / {formatInteger(COMMENT_MAX_LENGTH)}
              {over && ` (${formatInteger(length - COMMENT_MAX_LENGTH)} over the limit)`}
            </span>
          )}
        </div>
        <div className="ml-auto flex gap-2">
          {onCancel && (
            <Button variant="ghost" size="sm" onClick={onCancel} disabled={isSubmitting}>
              Cancel
            </Button>
          )}
          <Button type="submit" size="sm" disabled={isSubmitting}>
            {isSubmitting ? pendingLabel : submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
