import { useId } from 'react';
import {
  hideInputSchema,
  stopCommentingSchema,
  type ModerationItem,
} from '@/domain/community/community.schema';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { FormAlert } from '@/web/components/ui/form-alert';
import { Label } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { refusal, useSchemaForm } from '@/web/lib/form';
import { useHideComment, useStopCommenting } from '../api/admin';
import { authorName, type Author } from './moderation-shared';

/** A reason of 3 to 500 characters, checked with the schema the route validates it with. */
function ReasonDialog(props: {
  title: string;
  description: string;
  submitLabel: string;
  schema: typeof hideInputSchema | typeof stopCommentingSchema;
  pending: boolean;
  onSubmit: (reason: string, refused: (error: Error) => void) => void;
  onClose: () => void;
}) {
  const id = useId();
  const form = useSchemaForm(props.schema, { reason: '' });
  const { errors } = form.formState;
  const reason = form.watch('reason') ?? '';
  const submit = form.handleSubmit(({ reason: text }) =>
    props.onSubmit(text, (failure) => form.setError('root', refusal(failure))),
  );
  const field = `${id}-reason`;
  return (
    <Dialog open onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent title={props.title} description={props.description}>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
          <div className="flex flex-col gap-2">
            <Label htmlFor={field}>Reason</Label>
            <Textarea
              id={field}
              rows={4}
              className="min-h-24"
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={`${field}-count${errors.reason ? ` ${field}-error` : ''}`}
              {...form.register('reason')}
            />
            <p id={`${field}-count`} className="text-xs text-muted-foreground">
              {reason.trim().length} / 500 characters (at least 3)
            </p>
            {errors.reason && (
              <p id={`${field}-error`} className="text-sm text-destructive">
                {errors.reason.message}
              </p>
            )}
          </div>
          <Button type="submit" variant="destructive" disabled={props.pending} className="self-end">
            {props.pending ? 'Saving...' : props.submitLabel}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** `onClose(done)`: closed, having hidden the comment or not. */
export function HideDialog({ item, onClose }: { item: ModerationItem; onClose: (done: boolean) => void }) {
  const hide = useHideComment();
  return (
    <ReasonDialog
      title="Hide comment"
      description="Members read “A moderator hid this comment.” instead of its text, and its author sees your reason; its open reports are closed. You can restore it later."
      submitLabel="Hide comment"
      schema={hideInputSchema}
      pending={hide.isPending}
      onClose={() => onClose(false)}
      onSubmit={(reason, refused) =>
        hide.mutate({ id: item.id, reason }, { onSuccess: () => onClose(true), onError: refused })
      }
    />
  );
}

/** `onClose(done)`: closed, having stopped the member or not. */
export function StopDialog({ author, onClose }: { author: Author; onClose: (done: boolean) => void }) {
  const stop = useStopCommenting();
  const name = authorName(author);
  return (
    <ReasonDialog
      title="Stop commenting"
      description={`${name} (${author.email}) will still read, like and report, but cannot post or edit comments. They are shown this reason.`}
      submitLabel="Stop commenting"
      schema={stopCommentingSchema}
      pending={stop.isPending}
      onClose={() => onClose(false)}
      onSubmit={(reason, refused) =>
        stop.mutate(
          { userId: author.userId, reason, name },
          { onSuccess: () => onClose(true), onError: refused },
        )
      }
    />
  );
}
