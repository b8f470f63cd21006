import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { focusSoon } from '@/web/components/ui/return-focus';
import type { InboxParams } from '../api/inbox';
import { EmailSetting } from './inbox/email-setting';
import { InboxList, LIST_HEADING_ID, questionLinkId } from './inbox/inbox-list';
import { ThreadPanel } from './inbox/thread-panel';

// What waits: questions nobody has, open or answered (the view switch counts the same).
const initialParams: InboxParams = { view: 'unassigned', status: 'active', topic: null, page: 1 };

const byId = (id: string) => document.getElementById(id);

/**
 * The Analyst Inbox: members' questions unassigned, assigned to me, or all, and one
 * question's thread (`?question=`, the link of the analysts' emails) to reply, note, assign and close.
 * The list's view and filters stay while a thread is open.
 */
export function InboxTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const questionId = searchParams.get('question');
  const [params, setParams] = useState<InboxParams>(initialParams);
  const change = useCallback(
    (next: Partial<InboxParams>) => setParams((current) => ({ ...current, ...next })),
    [],
  );

  if (questionId) {
    const back = () => {
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        next.delete('question');
        next.set('tab', 'inbox');
        return next;
      });
      // Back on the list: the focus returns to the question's link (or the inbox's heading).
      focusSoon(() => [byId(questionLinkId(questionId)), byId(LIST_HEADING_ID)]);
    };
    return <ThreadPanel key={questionId} id={questionId} onBack={back} />;
  }

  return (
    <Card>
      <CardHeader className="gap-4">
        <div className="flex flex-col gap-1">
          <CardTitle id={LIST_HEADING_ID} tabIndex={-1}>
            Members’ questions
          </CardTitle>
          <CardDescription>
            Premium members’ private questions. Reply to the member, or add an internal note only analysts
            see.
          </CardDescription>
        </div>
        <EmailSetting />
      </CardHeader>
      <CardContent>
        <InboxList params={params} onChange={change} />
      </CardContent>
    </Card>
  );
}
