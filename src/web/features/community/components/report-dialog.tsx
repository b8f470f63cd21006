import { reportInputSchema, reportReasons } from '@/domain/community/community.schema';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { FormAlert } from '@/web/components/ui/form-alert';
import { Label } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { refusal, useSchemaForm } from '@/web/lib/form';
import { toast } from '@/web/lib/toast';
import { useReportComment } from '../api/community';

/** Why a comment is reported (one of the reasons) and, if the member wants, more in their words. */
export function ReportDialog({
  open,
  onOpenChange,
  subject,
  commentId,
  author,
  onSent,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  subject: string;
  commentId: string;
  author: string;
  /** The report was taken (the dialog has closed). */
  onSent?(): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Report this comment"
        description={`Tell the moderators what is wrong with ${author}'s comment. They review every report.`}
      >
        <ReportForm
          subject={subject}
          commentId={commentId}
          onDone={() => {
            onOpenChange(false);
            onSent?.();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function ReportForm({ subject, commentId, onDone }: { subject: string; commentId: string; onDone(): void }) {
  const form = useSchemaForm(reportInputSchema, { details: '' });
  const { errors } = form.formState;
  const report = useReportComment(subject);
  const reasonError = errors.reason?.message;
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      aria-label="Report"
      onSubmit={(event) =>
        void form.handleSubmit((input) =>
          report.mutate(
            { id: commentId, reason: input.reason, ...(input.details ? { details: input.details } : {}) },
            {
              onSuccess: onDone,
              onError: (error) => {
                form.setError('root', refusal(error));
                toast.error('The report was not sent', { description: error.message });
              },
            },
          ),
        )(event)
      }
    >
      {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={reasonError ? 'report-reason-error' : undefined}
      >
        <legend className="mb-1 text-sm font-medium">Reason</legend>
        {reportReasons.map((reason) => (
          <label
            key={reason.value}
            className="flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
          >
            <input
              type="radio"
              value={reason.value}
              className="size-4 accent-primary"
              {...form.register('reason')}
            />
            {reason.label}
          </label>
        ))}
        {reasonError && (
          <p id="report-reason-error" className="text-sm text-destructive">
            {reasonError}
          </p>
        )}
      </fieldset>
      <div className="flex flex-col gap-2">
        <Label htmlFor="report-details">Details (optional)</Label>
        <Textarea
          id="report-details"
          rows={3}
          className="min-h-20"
          aria-invalid={errors.details ? true : undefined}
          aria-describedby={errors.details ? 'report-details-error' : undefined}
          {...form.register('details')}
        />
        {errors.details && (
          <p id="report-details-error" className="text-sm text-destructive">
            {errors.details.message}
          </p>
        )}
      </div>
      <Button type="submit" disabled={report.isPending} className="self-end">
        {report.isPending ? 'Sending...' : 'Send report'}
      </Button>
    </form>
  );
}
