import { Link } from 'react-router';
import { appRoutes } from '@/domain/routing/routes';
import type { QuestionSummary } from '@/domain/questions/questions.schema';
import { cn } from '@/web/lib/cn';
import { LastActivity, StatusBadge, TopicBadge } from './question-badges';

/** The link the emails and in-app notifications use too: it opens that thread. */
export const questionPath = (id: string) => `${appRoutes.ask}?question=${encodeURIComponent(id)}`;

/**
 * The member's questions as the server orders them (open ones first, latest activity first), each a
 * link that opens its thread; the one open is marked for screen readers (aria-current).
 */
export function QuestionList({
  questions,
  selectedId,
}: {
  questions: readonly QuestionSummary[];
  selectedId: string | null;
}) {
  if (questions.length === 0)
    return (
      <p className="text-sm text-muted-foreground" data-testid="questions-empty">
        You have not asked any questions yet.
      </p>
    );
  return (
    <ul className="-mx-2 flex flex-col gap-1">
      {questions.map((question) => {
        const selected = question.id === selectedId;
        return (
          <li key={question.id} data-testid="question-item">
            <Link
              to={questionPath(question.id)}
              aria-current={selected ? 'page' : undefined}
              className={cn(
                'flex flex-col gap-1.5 rounded-md px-2 py-2.5 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
                selected && 'bg-accent',
              )}
            >
              <span dir="auto" className="text-sm font-medium [overflow-wrap:anywhere]">
                {question.subject}
              </span>
              <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
                <StatusBadge status={question.status} />
                <TopicBadge topic={question.topic} />
                <LastActivity at={question.lastActivityAt} />
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
