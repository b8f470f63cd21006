import {
  QUESTION_TOPICS,
  statusLabels,
  topicLabels,
  type QuestionStatus,
  type QuestionTopic,
} from '@/domain/questions/questions.schema';
import { Badge } from '@/web/components/ui/badge';
import { useDates } from '@/web/lib/preferences';
import { cn } from '@/web/lib/cn';

/** Text colours that keep their contrast on a card in both themes (axe). */
const statusClass: Record<QuestionStatus, string> = {
  open: 'border-primary/40 text-primary',
  answered: 'border-emerald-600/40 text-emerald-700 dark:text-emerald-400',
  closed: 'text-muted-foreground',
};

export function StatusBadge({ status }: { status: QuestionStatus }) {
  return (
    <Badge data-testid="question-status" className={cn(statusClass[status])}>
      {statusLabels[status]}
    </Badge>
  );
}

/** Nothing for a question asked without a topic. */
export function TopicBadge({ topic }: { topic: QuestionTopic | null }) {
  if (!topic) return null;
  return <Badge className="font-medium text-foreground">{topicLabels[topic]}</Badge>;
}

/** The topics as a select's options, after the caller's own empty option. */
export function TopicOptions() {
  return QUESTION_TOPICS.map((topic) => (
    <option key={topic} value={topic}>
      {topicLabels[topic]}
    </option>
  ));
}

/** "Last activity 12 min ago", the exact time on hover, in the reader's zone. */
export function LastActivity({ at }: { at: string }) {
  const dates = useDates();
  return (
    <span>
      Last activity{' '}
      <time dateTime={at} title={dates.dateTime(at)}>
        {dates.age(at)}
      </time>
    </span>
  );
}
