import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { topicLabels, type InboxThread } from '@/domain/questions/questions.schema';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/input';
import { Select } from '@/web/components/ui/select';
import { useDates } from '@/web/lib/preferences';
import { useSession } from '@/web/lib/session';
import { analystsQuery, useUpdateInboxQuestion } from '../../api/inbox';
import { planLabels } from '../../lib/labels';
import { StatusBadge } from './question-badges';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2 rounded-lg border p-4">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-3">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 text-right [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** Assign to me, or to another analyst (or nobody) with the select and its Assign button. */
function Assignment({ thread }: { thread: InboxThread }) {
  const me = useSession().user?.id;
  const analysts = useQuery(analystsQuery);
  const update = useUpdateInboxQuestion();
  const current = thread.assignee?.id ?? '';
  const [choice, setChoice] = useState(current);
  const mine = Boolean(me) && thread.assignee?.id === me;
  const options = analysts.data?.analysts ?? [];
  // The assignee may be missing from the list (blocked since): they stay a choice.
  const known = current === '' || options.some((analyst) => analyst.id === current);
  const assign = () => {
    if (choice === current) return;
    const analyst = options.find((option) => option.id === choice);
    update.mutate({
      id: thread.id,
      change: analyst
        ? { kind: 'assign', assigneeId: analyst.id, name: analyst.name, self: analyst.id === me }
        : { kind: 'unassign' },
    });
  };
  return (
    <Section title="Assignee">
      <p className="text-sm" data-testid="inbox-assignee">
        {thread.assignee ? (mine ? `${thread.assignee.name} (you)` : thread.assignee.name) : 'Unassigned'}
      </p>
      {!mine && me && (
        <Button
          variant="secondary"
          size="sm"
          disabled={update.isPending}
          onClick={() =>
            update.mutate({
              id: thread.id,
              change: { kind: 'assign', assigneeId: me, name: 'you', self: true },
            })
          }
        >
          Assign to me
        </Button>
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor="inbox-assign">Assign to</Label>
        {/* Stacked: the sidebar is narrow, and an analyst's whole name must show in the select. */}
        <div className="flex flex-col items-start gap-2">
          <Select
            id="inbox-assign"
            value={choice}
            disabled={!analysts.data}
            onChange={(event) => setChoice(event.target.value)}
          >
            <option value="">Unassigned</option>
            {!known && thread.assignee && <option value={current}>{thread.assignee.name}</option>}
            {options.map((analyst) => (
              <option key={analyst.id} value={analyst.id}>
                {analyst.id === me ? `${analyst.name} (you)` : analyst.name}
              </option>
            ))}
          </Select>
          <Button
            variant="outline"
            size="sm"
            disabled={update.isPending || choice === current || !analysts.data}
            onClick={assign}
          >
            Assign
          </Button>
        </div>
        {analysts.isError && (
          <p role="alert" className="flex flex-wrap items-center gap-2 text-xs text-destructive">
            Failed to load the analysts
            <Button variant="outline" size="sm" onClick={() => void analysts.refetch()}>
              Try Again
            </Button>
          </p>
        )}
      </div>
    </Section>
  );
}

/** Beside the thread: who asked (plan, join date), the assignee, and the question's status. */
export function ThreadSidebar({ thread }: { thread: InboxThread }) {
  const dates = useDates();
  const update = useUpdateInboxQuestion();
  const { member } = thread;
  const closed = thread.status === 'closed';
  return (
    <div data-testid="inbox-details" className="flex flex-col gap-4 text-sm">
      <Section title="Member">
        <dl className="flex flex-col gap-1">
          <Row term="Name">
            <span dir="auto">{member.name ?? 'No name'}</span>
          </Row>
          <Row term="Email">
            <a href={`mailto:${member.email}`} className="text-primary underline-offset-4 hover:underline">
              {member.email}
            </a>
          </Row>
          <Row term="Plan">{planLabels[member.plan]}</Row>
          <Row term="Joined">
            <time dateTime={member.joinedAt}>{dates.date(member.joinedAt)}</time>
          </Row>
        </dl>
      </Section>
      {/* Keyed by the assignee: the select starts from whoever has the question now. */}
      <Assignment key={thread.assignee?.id ?? 'nobody'} thread={thread} />
      <Section title="Status">
        <dl className="flex flex-col gap-1">
          <Row term="Status">
            <StatusBadge status={thread.status} />
          </Row>
          <Row term="Topic">{thread.topic ? topicLabels[thread.topic] : 'No topic'}</Row>
          <Row term="Asked">
            <time dateTime={thread.createdAt}>{dates.dateTime(thread.createdAt)}</time>
          </Row>
          <Row term="First reply">
            {thread.firstResponseAt ? (
              <time dateTime={thread.firstResponseAt}>{dates.dateTime(thread.firstResponseAt)}</time>
            ) : (
              'None yet'
            )}
          </Row>
          {thread.closedAt && (
            <Row term="Closed">
              <time dateTime={thread.closedAt}>{dates.dateTime(thread.closedAt)}</time>
            </Row>
          )}
        </dl>
        <Button
          variant="outline"
          size="sm"
          disabled={update.isPending}
          onClick={() => update.mutate({ id: thread.id, change: { kind: closed ? 'reopen' : 'close' } })}
        >
          {closed ? 'Reopen question' : 'Close question'}
        </Button>
      </Section>
    </div>
  );
}
