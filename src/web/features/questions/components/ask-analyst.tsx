import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { MyQuestions } from '@/domain/questions/questions.schema';
import { appRoutes } from '@/domain/routing/routes';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { myQuestionsQuery } from '../api/questions';
import { AskForm } from './ask-form';
import { CannotAskNotice, PremiumUpsell } from './premium-notices';
import { QuestionList, questionPath } from './question-list';
import { QuestionThreadView } from './question-thread';

/**
 * The body of /ask: a Premium member's form and their questions; `?question=<id>` (the link of the
 * emails and notifications) opens that thread in place of the form. A member without Premium reads
 * the questions they asked before, or learns what Premium would give them.
 */
export function AskAnalyst({ userId }: { userId: string }) {
  const list = useQuery(myQuestionsQuery(userId));
  // A failed poll keeps the page as it was; the next one tries again.
  if (list.data) return <AskAnalystPage userId={userId} data={list.data} />;
  if (list.isError)
    return (
      <Card>
        <CardContent className="flex flex-col items-start gap-3 pt-6">
          <p role="alert" className="text-sm text-destructive">
            Failed to load your questions: {list.error.message}
          </p>
          <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
            Try Again
          </Button>
        </CardContent>
      </Card>
    );
  return <Spinner label="Loading your questions..." />;
}

function AskAnalystPage({ userId, data }: { userId: string; data: MyQuestions }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const selectedId = params.get('question') || null;
  // The thread takes the focus when the member picks one here, not when a link opened the page on it.
  const [firstId] = useState(selectedId);
  const [picked, setPicked] = useState(false);
  if (!picked && selectedId !== firstId) setPicked(true);

  if (!data.premium && data.questions.length === 0) return <PremiumUpsell responseTime={data.responseTime} />;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <div className="flex min-w-0 flex-col gap-4">
        {selectedId && (
          <>
            {data.premium && (
              <Button asChild variant="outline" size="sm" className="self-start">
                <Link to={appRoutes.ask}>
                  <Plus aria-hidden="true" /> Ask a new question
                </Link>
              </Button>
            )}
            <QuestionThreadView
              userId={userId}
              questionId={selectedId}
              premium={data.premium}
              responseTime={data.responseTime}
              focusOnShow={picked}
            />
          </>
        )}
        {data.premium ? (
          // Kept (hidden) while a thread is open, so a half-written question is still there after.
          <Card hidden={Boolean(selectedId)}>
            <CardHeader>
              <CardTitle>Ask a question</CardTitle>
              <CardDescription>
                Our analysts reply {data.responseTime}. You can have at most {data.maxOpen} open questions at
                once.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <AskForm
                userId={userId}
                responseTime={data.responseTime}
                blockedReason={data.canAsk ? null : data.cannotAskReason}
                onAsked={(thread) => void navigate(questionPath(thread.id))}
              />
            </CardContent>
          </Card>
        ) : (
          !selectedId && <CannotAskNotice reason={data.cannotAskReason} />
        )}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Your questions</CardTitle>
          <CardDescription>
            {/* The limit is only news to a member who may ask. */}
            {data.premium ? `${data.openCount} of ${data.maxOpen} open` : `${data.openCount} open`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <QuestionList questions={data.questions} selectedId={selectedId} />
        </CardContent>
      </Card>
    </div>
  );
}
