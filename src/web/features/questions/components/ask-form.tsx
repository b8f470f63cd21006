import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  newQuestionSchema,
  QUESTION_BODY_MAX,
  QUESTION_SUBJECT_MAX,
  QUESTION_TOPICS,
  type QuestionThread,
} from '@/domain/questions/questions.schema';
import { Button } from '@/web/components/ui/button';
import { FormAlert } from '@/web/components/ui/form-alert';
import { Input, Label } from '@/web/components/ui/input';
import { Select } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { refusal, useSchemaForm } from '@/web/lib/form';
import { toast } from '@/web/lib/toast';
import { questionKeys, useAskQuestion } from '../api/questions';
import { fieldNotes } from './field-notes';
import { TopicOptions } from './question-badges';

/** The API's own rules; the select's "No topic" ('') is sent as null. */
const askFormSchema = newQuestionSchema.extend({
  topic: z.enum(['', ...QUESTION_TOPICS]).transform((topic) => topic || null),
});
const empty = { subject: '', body: '', topic: '' } as const;

/**
 * A new question: subject, question and an optional topic, checked with the API's rules before it is
 * sent. A refusal (five open, too many today) shows above the form and as a toast, and what was typed
 * stays. `blockedReason` (five open already) keeps the form to write in but not to send.
 */
export function AskForm({
  userId,
  responseTime,
  blockedReason,
  onAsked,
}: {
  userId: string;
  responseTime: string;
  blockedReason: string | null;
  onAsked(thread: QuestionThread): void;
}) {
  const queryClient = useQueryClient();
  const ask = useAskQuestion(userId);
  const form = useSchemaForm(askFormSchema, empty);
  const { errors, isSubmitting } = form.formState;
  const [subject, body] = useWatch({ control: form.control, name: ['subject', 'body'] });

  const submit = form.handleSubmit(async (input) => {
    try {
      const thread = await ask.mutateAsync(input);
      form.reset(empty);
      toast.success('Question sent', {
        description: `Our analysts reply ${responseTime}. You will be notified of their answer.`,
      });
      onAsked(thread);
    } catch (error) {
      form.setError('root', refusal(error));
      toast.error('Your question was not sent', { description: refusal(error).message });
      // A 409 may mean the open count moved on in another tab: the page says so once it knows.
      void queryClient.invalidateQueries({ queryKey: questionKeys.list(userId) });
    }
  });

  const subjectNotes = fieldNotes({
    id: 'question-subject',
    length: subject.length,
    max: QUESTION_SUBJECT_MAX,
    error: errors.subject?.message,
  });
  const bodyNotes = fieldNotes({
    id: 'question-body',
    length: body.length,
    max: QUESTION_BODY_MAX,
    hint: 'Plain text; links are fine.',
    error: errors.body?.message,
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Ask a question"
      className="flex flex-col gap-4"
    >
      {blockedReason && (
        <FormAlert tone="info">
          <span id="question-blocked">{blockedReason}</span>
        </FormAlert>
      )}
      {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
      <div className="flex flex-col gap-2">
        <Label htmlFor="question-subject">Subject</Label>
        <Input
          id="question-subject"
          dir="auto"
          autoComplete="off"
          placeholder="e.g. How would an ETF approval change liquidity?"
          aria-invalid={subjectNotes.invalid}
          aria-describedby={subjectNotes.describedBy}
          {...form.register('subject')}
        />
        {subjectNotes.notes}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="question-topic">Topic (optional)</Label>
        <Select id="question-topic" {...form.register('topic')}>
          <option value="">No topic</option>
          <TopicOptions />
        </Select>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="question-body">Your question</Label>
        <Textarea
          id="question-body"
          dir="auto"
          rows={6}
          className="resize-y"
          aria-invalid={bodyNotes.invalid}
          aria-describedby={bodyNotes.describedBy}
          {...form.register('body')}
        />
        {bodyNotes.notes}
      </div>
      <Button
        type="submit"
        className="self-start"
        disabled={isSubmitting || Boolean(blockedReason)}
        aria-describedby={blockedReason ? 'question-blocked' : undefined}
      >
        {isSubmitting ? 'Sending...' : 'Send question'}
      </Button>
    </form>
  );
}
