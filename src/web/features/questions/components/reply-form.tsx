import { useWatch } from 'react-hook-form';
import { newQuestionMessageSchema, QUESTION_BODY_MAX } from '@/domain/questions/questions.schema';
import { Button } from '@/web/components/ui/button';
import { FormAlert } from '@/web/components/ui/form-alert';
import { Label } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { refusal, useSchemaForm } from '@/web/lib/form';
import { toast } from '@/web/lib/toast';
import { useReplyToQuestion } from '../api/questions';
import { fieldNotes } from './field-notes';

/**
 * The member's reply in an open thread. A refusal (the plan ended, an analyst closed it, too many
 * replies) shows above the box and as a toast; what was typed stays. Ctrl+Enter (⌘+Enter) sends.
 */
export function ReplyForm({ userId, questionId }: { userId: string; questionId: string }) {
  const reply = useReplyToQuestion(userId, questionId);
  const form = useSchemaForm(newQuestionMessageSchema, { body: '' });
  const { errors, isSubmitting } = form.formState;
  const body = useWatch({ control: form.control, name: 'body' });

  const submit = form.handleSubmit(async (input) => {
    try {
      await reply.mutateAsync(input.body);
      form.reset({ body: '' });
    } catch (error) {
      form.setError('root', refusal(error));
      toast.error('Your reply was not sent', { description: refusal(error).message });
    }
  });

  const id = `reply-${questionId}`;
  const notes = fieldNotes({
    id,
    length: body.length,
    max: QUESTION_BODY_MAX,
    hint: 'Plain text; links are fine. Ctrl+Enter sends.',
    error: errors.body?.message,
  });
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Reply"
      className="flex flex-col gap-2"
    >
      {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
      <Label htmlFor={id}>Your reply</Label>
      <Textarea
        id={id}
        dir="auto"
        rows={4}
        className="min-h-24 resize-y"
        aria-invalid={notes.invalid}
        aria-describedby={notes.describedBy}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void submit();
          }
        }}
        {...form.register('body')}
      />
      {notes.notes}
      <Button type="submit" className="self-end" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send reply'}
      </Button>
    </form>
  );
}
