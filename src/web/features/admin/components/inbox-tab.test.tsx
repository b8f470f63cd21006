// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { InboxList, InboxQuestion, InboxThread } from '@/domain/questions/questions.schema';
import { createDateFormatter } from '@/domain/format/dates';
import { bodies } from '../../../../../tests/support/forms';
import { member } from '../../../../../tests/support/members';
import {
  renderApp,
  ZoneProbe,
  zoneApplied,
  type RenderAppOptions,
} from '../../../../../tests/support/render-app';
import { inboxKeys } from '../api/inbox';
import { InboxTab } from './inbox-tab';

const analyst = member({
  role: 'analyst',
  fullName: 'Sam Analyst',
  email: 'sam@example.com',
  timezone: 'Europe/Paris',
});
const ME = analyst.session.user!.id;
const paris = createDateFormatter({ timeZone: 'Europe/Paris', dateFormat: 'US' });

const waiting: InboxQuestion = {
  id: 'q-1',
  subject: 'Is the escrow release priced in?',
  topic: 'market',
  status: 'open',
  createdAt: '2026-03-02T09:00:00.000Z',
  lastActivityAt: '2026-03-02T09:00:00.000Z',
  closedAt: null,
  member: {
    id: 'member-1',
    name: 'Alice Member',
    email: 'alice@example.com',
    plan: 'premium',
    joinedAt: '2025-06-15T12:00:00.000Z',
  },
  assignee: null,
  firstResponseAt: null,
  lastMessageBy: 'member',
};

const answered: InboxQuestion = {
  ...waiting,
  id: 'q-2',
  subject: 'MiCA and custody',
  topic: null,
  status: 'answered',
  lastActivityAt: '2026-03-01T09:00:00.000Z',
  member: { ...waiting.member, id: 'member-2', name: null, email: 'bob@example.com', plan: 'complimentary' },
  assignee: { id: 'analyst-2', name: 'Rita Research' },
  firstResponseAt: '2026-03-01T10:00:00.000Z',
  lastMessageBy: 'analyst',
};

const list = (questions: InboxQuestion[], extra: Partial<InboxList> = {}): InboxList => ({
  questions,
  total: questions.length,
  page: 1,
  pageSize: 20,
  counts: { unassigned: 3, mine: 1, all: 7 },
  ...extra,
});

const thread: InboxThread = {
  ...waiting,
  lastActivityAt: '2026-03-02T11:00:00.000Z',
  lastMessageBy: 'member',
  messages: [
    // Out of order on purpose: the panel shows them oldest first.
    {
      id: 'm-3',
      author: 'member',
      authorName: null,
      internal: false,
      body: 'Thanks, and the next one?',
      createdAt: '2026-03-02T11:00:00.000Z',
    },
    {
      id: 'm-1',
      author: 'member',
      authorName: null,
      internal: false,
      body: 'Is the escrow release priced in? See https://example.com/escrow',
      createdAt: '2026-03-02T09:00:00.000Z',
    },
    {
      id: 'm-2',
      author: 'analyst',
      authorName: null,
      internal: true,
      body: 'Checked the ledger: 1B released as usual.',
      createdAt: '2026-03-02T10:00:00.000Z',
    },
  ],
};

const analysts = {
  analysts: [
    { id: ME, name: 'Sam Analyst', email: 'sam@example.com', role: 'analyst' },
    { id: 'analyst-2', name: 'Rita Research', email: 'rita@example.com', role: 'admin' },
  ],
};

const LIST = 'GET /api/inbox/questions';
const THREAD = 'GET /api/inbox/questions/q-1';
const POST = 'POST /api/inbox/questions/q-1/messages';
const PATCH = 'PATCH /api/inbox/questions/q-1';

async function renderInbox(api: RenderAppOptions['api'] = {}, route = '/admin?tab=inbox') {
  const view = renderApp(
    <>
      <ZoneProbe />
      <InboxTab />
    </>,
    {
      route,
      session: analyst.session,
      toasts: true,
      api: {
        ...analyst.api,
        [LIST]: list([waiting, answered]),
        [THREAD]: thread,
        'GET /api/inbox/analysts': analysts,
        'GET /api/inbox/settings': { emailNewQuestions: false },
        ...api,
      },
    },
  );
  await zoneApplied('Europe/Paris');
  return view;
}

const openThread = (api: RenderAppOptions['api'] = {}) => renderInbox(api, '/admin?tab=inbox&question=q-1');

/** The query of each list request, in order. */
const listQueries = (requests: string[]) =>
  requests
    .filter((request) => request.startsWith(`${LIST}?`))
    .map((request) => Object.fromEntries(new URL(request.slice(4), 'http://app').searchParams));
const lastListQuery = (requests: string[]) => listQueries(requests).at(-1);

const frontToast = () =>
  document.querySelector('[data-sonner-toast][data-front="true"]')?.textContent ?? null;

const rows = () => screen.getAllByTestId('inbox-row');

describe('InboxTab: the list', () => {
  it('asks for the unassigned questions first and shows each with its member, topic, status, assignee and waiting marker', async () => {
    const view = await renderInbox();
    await screen.findByRole('link', { name: waiting.subject });
    // What waits: open or answered questions nobody has.
    expect(listQueries(view.requests)[0]).toEqual({ view: 'unassigned', status: 'active', page: '1' });

    const [first, second] = rows().map((row) => within(row));
    expect(first!.getByText('Alice Member')).toBeTruthy();
    expect(first!.getByText('Market')).toBeTruthy();
    expect(first!.getByText('Unassigned')).toBeTruthy();
    expect(first!.getByText('Open')).toBeTruthy();
    expect(first!.getByText(paris.dateTime(waiting.lastActivityAt))).toBeTruthy();
    expect(first!.getByRole('link').getAttribute('href')).toBe('/admin?tab=inbox&question=q-1');

    // No name: the email.
    expect(second!.getByText('bob@example.com')).toBeTruthy();
    expect(second!.getByText('No topic')).toBeTruthy();
    expect(second!.getByText('Assigned to Rita Research')).toBeTruthy();
    expect(second!.getByText('Answered')).toBeTruthy();

    const views = within(screen.getByRole('group', { name: 'Questions to show' }));
    expect(views.getByRole('button', { name: 'Unassigned 3' }).getAttribute('aria-pressed')).toBe('true');
    expect(views.getByRole('button', { name: 'Mine 1' }).getAttribute('aria-pressed')).toBe('false');
    expect(views.getByRole('button', { name: 'All 7' })).toBeTruthy();
  });

  it('sends the view, the status and topic filters and the page, and starts again at page 1 on a change', async () => {
    const view = await renderInbox({ [LIST]: list([waiting, answered], { total: 45 }) });
    await screen.findByRole('link', { name: waiting.subject });

    fireEvent.click(screen.getByRole('button', { name: /^Mine/ }));
    await waitFor(() =>
      expect(lastListQuery(view.requests)).toEqual({ view: 'mine', status: 'active', page: '1' }),
    );
    expect(screen.getByRole('button', { name: /^Mine/ }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'answered' } });
    await waitFor(() =>
      expect(lastListQuery(view.requests)).toEqual({ view: 'mine', status: 'answered', page: '1' }),
    );
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'regulation' } });
    await waitFor(() =>
      expect(lastListQuery(view.requests)).toEqual({
        view: 'mine',
        status: 'answered',
        topic: 'regulation',
        page: '1',
      }),
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastListQuery(view.requests)?.page).toBe('2'));
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /^All/ }));
    await waitFor(() =>
      expect(lastListQuery(view.requests)).toEqual({
        view: 'all',
        status: 'answered',
        topic: 'regulation',
        page: '1',
      }),
    );
    // Any status again: the status leaves the query.
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
    await waitFor(() =>
      expect(lastListQuery(view.requests)).toEqual({ view: 'all', topic: 'regulation', page: '1' }),
    );
  });

  it('says what each view holds when it is empty, and offers to clear filters that match nothing', async () => {
    await renderInbox({ [LIST]: list([]) });
    expect(await screen.findByText(/No unassigned questions/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Mine/ }));
    expect(await screen.findByText(/No questions are assigned to you/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^All/ }));
    expect(await screen.findByText(/No questions yet/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'technical' } });
    expect(await screen.findByText('No questions match these filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText(/No questions yet/)).toBeTruthy();
    expect((screen.getByLabelText('Topic') as HTMLSelectElement).value).toBe('');
  });

  it('shows a failure with Try Again, which loads the list', async () => {
    let fail = true;
    await renderInbox({
      [LIST]: () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'Database unavailable' } } }
          : list([waiting]),
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to load the questions: Database unavailable',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: waiting.subject })).toBeTruthy();
  });

  it('polls the list and the thread every 30 seconds', async () => {
    const view = await openThread();
    await screen.findByRole('heading', { name: thread.subject });
    const intervals = (queryKey: readonly unknown[]) =>
      view.queryClient
        .getQueryCache()
        .findAll({ queryKey, type: 'active' })
        .flatMap((query) => query.observers.map((observer) => observer.options.refetchInterval));
    expect(intervals(inboxKeys.thread('q-1'))).toEqual([30_000]);
    fireEvent.click(screen.getByRole('button', { name: 'Back to inbox' }));
    await screen.findByRole('link', { name: waiting.subject });
    expect(intervals(inboxKeys.lists)).toEqual([30_000]);
  });

  it('turns the email about new questions on', async () => {
    const sent = bodies();
    await renderInbox({
      'PUT /api/inbox/settings': (request: Request) => {
        sent.record(request);
        return { emailNewQuestions: true };
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Email me when a member asks a question' });
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(frontToast()).toBe('You will be emailed about each new question'));
    expect(await sent.all()).toEqual([{ emailNewQuestions: true }]);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });
});

describe('InboxTab: a question', () => {
  it('opens the question of the link, its messages oldest first, internal notes set apart, and who asked', async () => {
    await openThread();
    expect(await screen.findByRole('heading', { name: thread.subject })).toBeTruthy();
    const messages = within(screen.getByRole('list', { name: 'Messages, oldest first' }))
      .getAllByTestId('inbox-message')
      .map((message) => message.getAttribute('data-kind'));
    expect(messages).toEqual(['member', 'note', 'member']);

    const note = screen.getByRole('article', { name: 'Internal note by Former analyst' });
    expect(within(note).getByText('Internal note — the member never sees this')).toBeTruthy();
    expect(within(note).getByText('Checked the ledger: 1B released as usual.')).toBeTruthy();
    expect(note.closest('li')?.className).toContain('bg-amber-50');

    // The member's text is linkified.
    const question = screen.getAllByRole('article', { name: 'Member by Alice Member' })[0]!;
    expect(within(question).getByRole('link', { name: 'https://example.com/escrow' })).toBeTruthy();
    expect(within(question).getByText(paris.dateTime('2026-03-02T09:00:00.000Z'))).toBeTruthy();

    const details = within(screen.getByTestId('inbox-details'));
    expect(details.getByText('alice@example.com')).toBeTruthy();
    expect(details.getByText('Premium')).toBeTruthy();
    expect(details.getByText(paris.date(waiting.member.joinedAt))).toBeTruthy();
    expect(details.getByTestId('inbox-assignee').textContent).toBe('Unassigned');
  });

  it('adds an internal note with internal: true, shows it as internal, and empties the box', async () => {
    const sent = bodies();
    const note = {
      id: 'm-4',
      author: 'analyst' as const,
      authorName: 'Sam Analyst',
      internal: true,
      body: 'Ask Rita, she covered this.',
      createdAt: '2026-03-02T12:00:00.000Z',
    };
    const view = await openThread({
      [POST]: (request: Request) => {
        sent.record(request);
        return { status: 201, body: { ...thread, messages: [...thread.messages, note] } };
      },
    });
    await screen.findByRole('heading', { name: thread.subject });
    expect(screen.getByRole('button', { name: 'Send reply' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Internal note' }));
    const box = screen.getByLabelText('Internal note (analysts only)') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: '  Ask Rita, she covered this. ' } });
    expect(screen.getByText('30 / 5,000 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));

    await waitFor(() => expect(frontToast()).toBe('Internal note added'));
    expect(await sent.all()).toEqual([{ body: 'Ask Rita, she covered this.', internal: true }]);
    expect(view.requests).toContain(POST);
    const added = await screen.findByRole('article', { name: 'Internal note by Sam Analyst' });
    expect(within(added).getByText('Internal note — the member never sees this')).toBeTruthy();
    await waitFor(() => expect(box.value).toBe(''));
  });

  it('sends a reply, and keeps the text when the server refuses it', async () => {
    const sent = bodies();
    await openThread({
      [POST]: (request: Request) => {
        sent.record(request);
        return {
          status: 409,
          body: {
            error: {
              code: 'conflict',
              message: 'This question is closed. Ask a new question if you need more.',
            },
          },
        };
      },
    });
    await screen.findByRole('heading', { name: thread.subject });
    const box = screen.getByLabelText('Reply to Alice Member') as HTMLTextAreaElement;
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    // Nothing to send: said at the box, nothing sent.
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));

    fireEvent.change(box, { target: { value: 'It is mostly priced in.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(frontToast()).toBe(
        'Failed to send the replyThis question is closed. Ask a new question if you need more.',
      ),
    );
    expect(await sent.all()).toEqual([{ body: 'It is mostly priced in.', internal: false }]);
    expect(box.value).toBe('It is mostly priced in.');
    expect(screen.getByRole('alert').textContent).toContain('This question is closed.');
  });

  it('assigns the question to me, then to another analyst', async () => {
    const sent = bodies();
    // The fake answers in turn: assigned to me, then to Rita.
    const answers = [
      { id: ME, name: 'Sam Analyst' },
      { id: 'analyst-2', name: 'Rita Research' },
    ];
    await openThread({
      [PATCH]: (request: Request) => {
        sent.record(request);
        return { ...thread, assignee: answers.shift() };
      },
    });
    await screen.findByRole('heading', { name: thread.subject });
    fireEvent.click(screen.getByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(frontToast()).toBe('Assigned to you'));
    expect(screen.getByTestId('inbox-assignee').textContent).toBe('Sam Analyst (you)');
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();

    const select = screen.getByLabelText('Assign to') as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    expect(select.value).toBe(ME);
    fireEvent.change(select, { target: { value: 'analyst-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(frontToast()).toBe('Assigned to Rita Research'));
    expect(await sent.all()).toEqual([{ assigneeId: ME }, { assigneeId: 'analyst-2' }]);
  });

  it('closes the question, after which only notes can be added, and reopens it', async () => {
    const sent = bodies();
    // The fake answers in turn: closed, then open again.
    const answers = [{ ...thread, status: 'closed', closedAt: '2026-03-02T12:00:00.000Z' }, thread];
    await openThread({
      [PATCH]: (request: Request) => {
        sent.record(request);
        return answers.shift();
      },
    });
    await screen.findByRole('heading', { name: thread.subject });
    fireEvent.click(screen.getByRole('button', { name: 'Close question' }));
    await waitFor(() => expect(frontToast()).toBe('Question closed'));
    expect((screen.getByRole('radio', { name: 'Reply to member' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Add note' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reopen question' }));
    await waitFor(() => expect(frontToast()).toBe('Question reopened'));
    expect(await sent.all()).toEqual([{ status: 'closed' }, { status: 'open' }]);
  });

  it('goes from the list to a question and back', async () => {
    await renderInbox();
    fireEvent.click(await screen.findByRole('link', { name: waiting.subject }));
    const heading = await screen.findByRole('heading', { name: thread.subject });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    fireEvent.click(screen.getByRole('button', { name: 'Back to inbox' }));
    const link = await screen.findByRole('link', { name: waiting.subject });
    await waitFor(() => expect(document.activeElement).toBe(link));
  });

  it('says so when the question does not exist', async () => {
    await openThread({
      [THREAD]: {
        status: 404,
        body: { error: { code: 'not_found', message: 'This question does not exist.' } },
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('This question does not exist.');
    expect(screen.getByRole('button', { name: 'Back to inbox' })).toBeTruthy();
  });

  it('has no axe violations in the list or a thread (labels, names, roles)', async () => {
    const options = { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } };
    const list = await renderInbox();
    await screen.findByRole('link', { name: waiting.subject });
    expect((await axe.run(list.container, options)).violations.map((v) => v.id)).toEqual([]);
    list.unmount();

    const opened = await openThread();
    await screen.findByRole('heading', { name: thread.subject });
    await waitFor(() =>
      expect((screen.getByLabelText('Assign to') as HTMLSelectElement).disabled).toBe(false),
    );
    expect((await axe.run(opened.container, options)).violations.map((v) => v.id)).toEqual([]);
  });
});
