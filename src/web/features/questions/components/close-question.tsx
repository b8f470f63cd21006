import { useState } from 'react';
import { MAX_OPEN_QUESTIONS } from '@/domain/questions/questions.schema';
import { ConfirmDialog } from '@/web/components/ui/alert-dialog';
import { Button } from '@/web/components/ui/button';
import { useCloseQuestion } from '../api/questions';

/** Closing cannot be undone by the member, so it asks first. Any plan may close its questions. */
export function CloseQuestionButton({ userId, questionId }: { userId: string; questionId: string }) {
  const [asking, setAsking] = useState(false);
  const close = useCloseQuestion(userId, questionId);
  return (
    <>
      <Button variant="outline" size="sm" disabled={close.isPending} onClick={() => setAsking(true)}>
        {close.isPending ? 'Closing...' : 'Close question'}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Close this question?"
        description={`Neither you nor the analysts can reply in it any more, and it no longer counts among your ${MAX_OPEN_QUESTIONS} open questions. You can still read it.`}
        confirmLabel="Close question"
        onConfirm={() => close.mutate()}
      />
    </>
  );
}
