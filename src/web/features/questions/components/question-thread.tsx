import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { questionMessages, type QuestionThread } from '@/domain/questions/questions.schema';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { useDates } from '@/web/lib/preferences';
import { ApiError } from '@/web/lib/api-client';
import { questionThreadQuery } from '../api/questions';
import { CloseQuestionButton } from './close-question';
import { MessageList } from './message-list';
import { StatusBadge, TopicBadge } from './question-badges';
import { ReplyForm } from './reply-form';

interface ThreadProps {
  userId: string;
  questionId: string;
  /** The member's plan allows replying (the server's word, from the list). */
  premium: boolean;
  responseTime: string;
  /** Move the focus to the thread's heading once shown: the member picked it on this page. */
  focusOnShow: boolean;
}

/** One of the member's questions with its replies; read again every 30 s until it is closed. */
export function QuestionThreadView(props: ThreadProps) {
  const thread = useQuery(questionThreadQuery(props.userId, props.questionId));
  // A failed poll keeps the thread on screen; the next one tries again.
  if (thread.data) return <ThreadCard {...props} thread={thread.data} />;
  if (thread.isError) {
    if (thread.error instanceof ApiError && thread.error.status === 404)
      return (
        <Card>
          <CardContent className="flex flex-col items-start gap-3 pt-6">
            <p role="alert">{questionMessages.notFound}</p>
          </CardContent>
        </Card>
      );
    return (
      <Card>
        <CardContent className="flex flex-col items-start gap-3 pt-6">
          <p role="alert" className="text-sm text-destructive">
            Failed to load the question: {thread.error.message}
          </p>
          <Button variant="outline" size="sm" onClick={() => void thread.refetch()}>
            Try Again
          </Button>
        </CardContent>
      </Card>
    );
  }
  return <Spinner label="Loading the question..." />;
}

function ThreadCard({
  thread,
  userId,
  premium,
  responseTime,
  focusOnShow,
}: ThreadProps & { thread: QuestionThread }) {
  const dates = useDates();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusOnShow) return;
    heading.current?.focus();
    // jsdom has no scrollIntoView.
    heading.current?.scrollIntoView?.({ block: 'nearest' });
  }, [focusOnShow, thread.id]);
  const closed = thread.status === 'closed';
  const waiting = thread.status === 'open' && thread.messages.at(-1)?.author === 'member';
  return (
    <Card aria-labelledby="question-heading" role="region">
      <CardHeader className="gap-3">
        <div className="flex flex-col items-start gap-3 sm:flex-row sm:justify-between">
          <h2
            id="question-heading"
            ref={heading}
            tabIndex={-1}
            dir="auto"
            className="min-w-0 self-stretch text-lg font-semibold leading-tight [overflow-wrap:anywhere] focus:outline-none"
          >
            {thread.subject}
          </h2>
          {!closed && (
            <div className="shrink-0">
              <CloseQuestionButton userId={userId} questionId={thread.id} />
            </div>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <StatusBadge status={thread.status} />
          <TopicBadge topic={thread.topic} />
          <span>
            Asked <time dateTime={thread.createdAt}>{dates.dateTime(thread.createdAt)}</time>
          </span>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <MessageList messages={thread.messages} />
        {waiting && (
          <p className="text-sm text-muted-foreground">
            Waiting for an analyst: our analysts reply {responseTime}.
          </p>
        )}
        <ThreadFooter thread={thread} userId={userId} premium={premium} />
      </CardContent>
    </Card>
  );
}

/** The reply box, or why there is none: the question is closed, or the plan no longer includes it. */
function ThreadFooter({
  thread,
  userId,
  premium,
}: {
  thread: QuestionThread;
  userId: string;
  premium: boolean;
}) {
  const dates = useDates();
  if (thread.status === 'closed')
    return (
      <div className="rounded-lg border border-dashed p-4 text-sm" data-testid="question-closed">
        <p>{premium ? questionMessages.closed : 'This question is closed.'}</p>
        {thread.closedAt && (
          <p className="text-xs text-muted-foreground">
            Closed <time dateTime={thread.closedAt}>{dates.dateTime(thread.closedAt)}</time>
          </p>
        )}
      </div>
    );
  if (!premium)
    return (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-premium/60 p-4 text-sm">
        <p>{questionMessages.premiumToReply}</p>
        <Button asChild variant="premium" size="sm">
          <Link to="/membership">Upgrade to Premium</Link>
        </Button>
      </div>
    );
  return <ReplyForm key={thread.id} userId={userId} questionId={thread.id} />;
}
