import { hideInputSchema } from '@/domain/community/community.schema';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { FormAlert } from '@/web/components/ui/form-alert';
import { Label } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { refusal, useSchemaForm } from '@/web/lib/form';
import { toast } from '@/web/lib/toast';
import { useHideComment } from '../api/community';

/**
 * A moderator hides a comment from members, saying why: the reason is kept with it for the other
 * moderators and shown to its author.
 */
export function HideDialog({
  open,
  onOpenChange,
  subject,
  commentId,
  onHidden,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  subject: string;
  commentId: string;
  /** The comment was hidden (the dialog has closed). */
  onHidden?(): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Hide this comment"
        description="Members read “A moderator hid this comment.” Its author also sees your reason. You can restore it later."
      >
        <HideForm
          subject={subject}
          commentId={commentId}
          onDone={() => {
            onOpenChange(false);
            onHidden?.();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function HideForm({ subject, commentId, onDone }: { subject: string; commentId: string; onDone(): void }) {
  const form = useSchemaForm(hideInputSchema, { reason: '' });
  const { errors } = form.formState;
  const hide = useHideComment(subject);
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      aria-label="Hide"
      onSubmit={(event) =>
        void form.handleSubmit((input) =>
          hide.mutate(
            { id: commentId, reason: input.reason },
            {
              onSuccess: onDone,
              onError: (error) => {
                form.setError('root', refusal(error));
                toast.error('The comment was not hidden', { description: error.message });
              },
            },
          ),
        )(event)
      }
    >
      {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
      <div className="flex flex-col gap-2">
        <Label htmlFor="hide-reason">Reason</Label>
        <Textarea
          id="hide-reason"
          rows={3}
          className="min-h-20"
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? 'hide-reason-error' : undefined}
          {...form.register('reason')}
        />
        {errors.reason && (
          <p id="hide-reason-error" className="text-sm text-destructive">
            {errors.reason.message}
          </p>
        )}
      </div>
      <Button type="submit" variant="destructive" disabled={hide.isPending} className="self-end">
        {hide.isPending ? 'Hiding...' : 'Hide comment'}
      </Button>
    </form>
  );
}
