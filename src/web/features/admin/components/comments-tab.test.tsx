// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ModerationItem, ModerationList } from '@/domain/community/community.schema';
import { createDateFormatter } from '@/domain/format/dates';
import { bodies, problemAt } from '../../../../../tests/support/forms';
import { member } from '../../../../../tests/support/members';
import {
  renderApp,
  ZoneProbe,
  zoneApplied,
  type RenderAppOptions,
} from '../../../../../tests/support/render-app';
import { CommentsTab } from './comments-tab';

const NEWS_ID = '2f1c7f0e-5a4b-4c3d-9e8f-0a1b2c3d4e5f';
const RESEARCH_ID = '7d6c5b4a-3f2e-4d1c-8b0a-9f8e7d6c5b4a';

const alice = {
  userId: 'user-1',
  email: 'alice@example.com',
  displayName: 'Alice L.',
  stoppedAt: null,
  stoppedReason: null,
};

/** A visible comment with two open reports and one closed. */
const reported: ModerationItem = {
  id: 'comment-1',
  subject: `news:${NEWS_ID}`,
  subjectTitle: 'Ledger upgrade goes live',
  path: `/news/${NEWS_ID}#comment-comment-1`,
  parentId: null,
  state: 'visible',
  hiddenBy: null,
  hiddenReason: null,
  removedBy: null,
  body: '<b>Buy now</b> at example.com\nsecond line',
  createdAt: '2026-03-02T09:15:00.000Z',
  editedAt: null,
  likes: 2,
  author: alice,
  reports: [
    { reason: 'spam', details: 'Links to a shop', createdAt: '2026-03-02T10:00:00.000Z', open: true },
    { reason: 'abuse', details: null, createdAt: '2026-03-02T11:00:00.000Z', open: true },
    { reason: 'off_topic', details: null, createdAt: '2026-03-01T11:00:00.000Z', open: false },
  ],
};

/** Hidden by members' reports; its author deleted their account since. */
const hidden: ModerationItem = {
  id: 'comment-2',
  subject: `research:${RESEARCH_ID}`,
  subjectTitle: 'Liquidity corridors',
  path: `/research/liquidity-corridors#comment-comment-2`,
  parentId: 'comment-0',
  state: 'hidden',
  hiddenBy: 'reports',
  hiddenReason: null,
  removedBy: null,
  body: 'Hidden text',
  createdAt: '2026-03-03T09:15:00.000Z',
  editedAt: null,
  likes: 0,
  author: null,
  reports: [],
};

const list = (items: ModerationItem[], extra: Partial<ModerationList> = {}): ModerationList => ({
  items,
  page: 1,
  pageSize: 25,
  total: items.length,
  waiting: items.length,
  ...extra,
});

const LIST = 'GET /api/admin/comments';
const admin = member({ role: 'admin', timezone: 'Europe/Paris', email: 'admin@example.com' });
const paris = createDateFormatter({ timeZone: 'Europe/Paris', dateFormat: 'US' });

async function renderTab(api: RenderAppOptions['api'] = {}) {
  const view = renderApp(
    <>
      <ZoneProbe />
      <CommentsTab />
    </>,
    {
      session: admin.session,
      api: { ...admin.api, [LIST]: list([reported, hidden]), ...api },
      toasts: true,
    },
  );
  await zoneApplied('Europe/Paris');
  return view;
}

/** The query of each list request, in order. */
const listQueries = (requests: string[]) =>
  requests
    .filter((request) => request.startsWith(`${LIST}?`))
    .map((request) => Object.fromEntries(new URL(request.slice(4), 'http://app').searchParams));

const writes = (requests: string[]) => requests.filter((request) => !request.startsWith('GET'));

const frontToast = () =>
  document.querySelector('[data-sonner-toast][data-front="true"]')?.textContent ?? null;

async function item(title: string) {
  const heading = await screen.findByRole('heading', { name: new RegExp(title) });
  return within(heading.closest('article') as HTMLElement);
}

async function openDialog(scope: ReturnType<typeof within>, button: string) {
  fireEvent.click(scope.getByRole('button', { name: button }));
  return within(await screen.findByRole('dialog'));
}

describe('CommentsTab: the queue', () => {
  it('asks for the queue by default and shows each comment with its page, author, state, text and reports', async () => {
    const view = await renderTab();
    const first = await item('Ledger upgrade goes live');
    expect(listQueries(view.requests)[0]).toEqual({ filter: 'queue', type: 'all', page: '1' });
    expect(screen.getByTestId('moderation-waiting').textContent).toBe('2 comments waiting for review');

    const link = first.getByRole('link', { name: /Ledger upgrade goes live/ });
    expect(link.getAttribute('href')).toBe(`/news/${NEWS_ID}#comment-comment-1`);
    expect(first.getByRole('heading', { level: 3 }).textContent).toContain('News:');
    expect(first.getByText('Alice L.')).toBeTruthy();
    expect(first.getByText('alice@example.com')).toBeTruthy();
    expect(first.getByText('Visible')).toBeTruthy();
    expect(first.getByText('2 likes')).toBeTruthy();
    expect(first.getByText(paris.dateTime(reported.createdAt))).toBeTruthy();

    // The text is plain text: markup is shown as typed, never rendered.
    const body = first.getByTestId('moderation-body');
    expect(body.textContent).toBe(reported.body);
    expect(body.querySelector('b')).toBeNull();

    const reports = within(first.getByRole('region', { name: 'Reports' }));
    expect(reports.getByRole('heading').textContent).toBe('3 reports · 2 open');
    const rows = reports.getAllByTestId('moderation-report');
    expect(rows.map((row) => row.textContent)).toEqual([
      `Spam or advertisingOpenLinks to a shop${paris.dateTime('2026-03-02T10:00:00.000Z')}`,
      `Harassment or abuseOpen${paris.dateTime('2026-03-02T11:00:00.000Z')}`,
      `Off topicClosed${paris.dateTime('2026-03-01T11:00:00.000Z')}`,
    ]);
    // A visible comment with open reports can be hidden, kept or deleted.
    for (const action of ['Hide', 'Keep', 'Delete', "Member's history", 'Stop commenting'])
      expect(first.getByRole('button', { name: action })).toBeTruthy();
    expect(first.queryByRole('button', { name: 'Restore' })).toBeNull();

    const second = await item('Liquidity corridors');
    expect(second.getByRole('heading', { level: 3 }).textContent).toContain('Research:');
    expect(second.getByText('Deleted member')).toBeTruthy();
    expect(second.getByText('Hidden by reports')).toBeTruthy();
    expect(second.getByText('Reply')).toBeTruthy();
    expect(second.getByRole('button', { name: 'Restore' })).toBeTruthy();
    expect(second.queryByRole('button', { name: 'Hide' })).toBeNull();
    expect(second.queryByRole('button', { name: "Member's history" })).toBeNull();
  });

  it('says what a hidden or removed comment went through', async () => {
    await renderTab({
      [LIST]: list([
        {
          ...hidden,
          id: 'h',
          subjectTitle: 'By a moderator',
          hiddenBy: 'moderator',
          hiddenReason: 'Insults another member',
        },
        { ...hidden, id: 'r', subjectTitle: 'Removed one', state: 'removed', removedBy: 'author', body: '' },
      ]),
    });
    const byModerator = await item('By a moderator');
    expect(byModerator.getByText('Hidden by a moderator')).toBeTruthy();
    expect(byModerator.getByText('Insults another member')).toBeTruthy();
    const removed = await item('Removed one');
    expect(removed.getByText('Removed by the author')).toBeTruthy();
    expect(removed.getByText('The text was deleted.')).toBeTruthy();
    expect(removed.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(removed.queryByRole('button', { name: 'Restore' })).toBeNull();
  });

  it('says when nothing waits, and when nothing matches a narrower list', async () => {
    await renderTab({ [LIST]: list([], { waiting: 0 }) });
    expect(await screen.findByText('Nothing waiting for review.')).toBeTruthy();
    expect(screen.getByTestId('moderation-waiting').textContent).toBe('Nothing waiting for review');
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'removed' } });
    expect(await screen.findByText('No comments match.')).toBeTruthy();
  });

  it('shows a load error with a Retry button that asks again', async () => {
    let calls = 0;
    await renderTab({
      [LIST]: () =>
        ++calls === 1
          ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } }
          : list([reported]),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load comments');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await item('Ledger upgrade goes live');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toBe(2);
  });
});

describe('CommentsTab: filters', () => {
  it('sends the filter, the kind of page and the search, back at page 1', async () => {
    const view = await renderTab({ [LIST]: list([reported], { total: 60 }) });
    await item('Ledger upgrade goes live');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(listQueries(view.requests).at(-1)).toMatchObject({ page: '2' }));

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'hidden' } });
    await waitFor(() =>
      expect(listQueries(view.requests).at(-1)).toEqual({ filter: 'hidden', type: 'all', page: '1' }),
    );
    fireEvent.change(screen.getByLabelText('Kind of page'), { target: { value: 'analysis' } });
    await waitFor(() =>
      expect(listQueries(view.requests).at(-1)).toEqual({ filter: 'hidden', type: 'analysis', page: '1' }),
    );
    // Typing searches after a pause.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: ' alice ' } });
    await waitFor(() =>
      expect(listQueries(view.requests).at(-1)).toEqual({
        filter: 'hidden',
        type: 'analysis',
        page: '1',
        q: 'alice',
      }),
    );
    // Enter searches at once.
    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'bob@example.com' } });
    fireEvent.submit(search);
    await waitFor(() => expect(listQueries(view.requests).at(-1)).toMatchObject({ q: 'bob@example.com' }));
  });

  it("shows one member's history, says whose, and goes back to the filters before it", async () => {
    const view = await renderTab();
    fireEvent.change(screen.getByLabelText('Kind of page'), { target: { value: 'news' } });
    await waitFor(() => expect(listQueries(view.requests).at(-1)).toMatchObject({ type: 'news' }));
    const first = await item('Ledger upgrade goes live');
    fireEvent.click(first.getByRole('button', { name: "Member's history" }));
    await waitFor(() =>
      expect(listQueries(view.requests).at(-1)).toEqual({
        filter: 'all',
        type: 'all',
        page: '1',
        author: 'user-1',
      }),
    );
    const banner = screen.getByTestId('moderation-member');
    expect(banner.textContent).toContain('Showing every comment by Alice L. (alice@example.com)');
    expect((screen.getByLabelText('Show') as HTMLSelectElement).value).toBe('all');
    // Already showing this member: no history button on their comments.
    expect(
      (await item('Ledger upgrade goes live')).queryByRole('button', { name: "Member's history" }),
    ).toBeNull();

    fireEvent.click(within(banner).getByRole('button', { name: 'Back to all members' }));
    await waitFor(() =>
      expect(listQueries(view.requests).at(-1)).toEqual({ filter: 'queue', type: 'news', page: '1' }),
    );
    expect(screen.queryByTestId('moderation-member')).toBeNull();
    expect((screen.getByLabelText('Kind of page') as HTMLSelectElement).value).toBe('news');
  });
});

describe('CommentsTab: actions', () => {
  it('asks a reason before hiding, posts it trimmed, then toasts and refetches', async () => {
    const sent = bodies();
    const view = await renderTab({
      'POST /api/admin/comments/comment-1/hide': (request: Request) => {
        sent.record(request);
        return {};
      },
    });
    const dialog = await openDialog(await item('Ledger upgrade goes live'), 'Hide');
    const reason = dialog.getByLabelText('Reason');
    fireEvent.change(reason, { target: { value: ' x ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Hide comment' }));
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(problemAt(reason)).toContain('Give a reason (at least 3 characters).');
    expect(writes(view.requests)).toEqual([]);

    const loads = listQueries(view.requests).length;
    fireEvent.change(reason, { target: { value: '  Advertising  ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Hide comment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sent.all()).toEqual([{ reason: 'Advertising' }]);
    await waitFor(() => expect(frontToast()).toBe('Comment hidden'));
    expect(listQueries(view.requests).length).toBeGreaterThan(loads);
  });

  it("keeps the server's refusal in the dialog and toasts it", async () => {
    await renderTab({
      'POST /api/admin/comments/comment-1/hide': {
        status: 409,
        body: { error: { code: 'conflict', message: 'This comment is already hidden.' } },
      },
    });
    const dialog = await openDialog(await item('Ledger upgrade goes live'), 'Hide');
    fireEvent.change(dialog.getByLabelText('Reason'), { target: { value: 'Advertising' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Hide comment' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('This comment is already hidden.');
    await waitFor(() => expect(frontToast()).toContain('This comment is already hidden.'));
    expect((dialog.getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('Advertising');
  });

  it('restores a hidden comment, and keeps a reported one', async () => {
    const view = await renderTab({
      'POST /api/admin/comments/comment-2/restore': {},
      'POST /api/admin/comments/comment-1/restore': {},
    });
    fireEvent.click((await item('Liquidity corridors')).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(frontToast()).toBe('Comment restored'));
    fireEvent.click((await item('Ledger upgrade goes live')).getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(frontToast()).toBe('Comment kept; its reports are closed'));
    expect(writes(view.requests)).toEqual([
      'POST /api/admin/comments/comment-2/restore',
      'POST /api/admin/comments/comment-1/restore',
    ]);
  });

  it('toasts the server’s message when an action fails', async () => {
    await renderTab({
      'POST /api/admin/comments/comment-2/restore': {
        status: 409,
        body: { error: { code: 'conflict', message: 'Removed comments cannot be restored.' } },
      },
    });
    fireEvent.click((await item('Liquidity corridors')).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(frontToast()).toBe('Failed to restore the commentRemoved comments cannot be restored.'),
    );
  });

  it('deletes only after the confirmation', async () => {
    const view = await renderTab({ 'DELETE /api/admin/comments/comment-1': {} });
    const first = await item('Ledger upgrade goes live');
    fireEvent.click(first.getByRole('button', { name: 'Delete' }));
    let asked = within(await screen.findByRole('alertdialog', { name: 'Delete this comment?' }));
    fireEvent.click(asked.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes(view.requests)).toEqual([]);

    fireEvent.click(first.getByRole('button', { name: 'Delete' }));
    asked = within(await screen.findByRole('alertdialog', { name: 'Delete this comment?' }));
    fireEvent.click(asked.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(frontToast()).toBe('Comment deleted'));
    expect(writes(view.requests)).toEqual(['DELETE /api/admin/comments/comment-1']);
  });

  it('stops a member with a reason, and allows a stopped one again', async () => {
    const sent = bodies();
    const view = await renderTab({
      'POST /api/admin/comments/members/user-1/stop': (request: Request) => {
        sent.record(request);
        return { stoppedAt: '2026-03-04T10:00:00.000Z', stoppedReason: 'Repeated spam' };
      },
    });
    const dialog = await openDialog(await item('Ledger upgrade goes live'), 'Stop commenting');
    fireEvent.click(dialog.getByRole('button', { name: 'Stop commenting' }));
    const reason = dialog.getByLabelText('Reason');
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(writes(view.requests)).toEqual([]);
    fireEvent.change(reason, { target: { value: 'Repeated spam' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Stop commenting' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sent.all()).toEqual([{ reason: 'Repeated spam' }]);
    await waitFor(() => expect(frontToast()).toBe('Alice L. can no longer comment'));
  });

  it("shows a stopped member's reason and allows them to comment again", async () => {
    const stopped = { ...alice, stoppedAt: '2026-03-04T10:00:00.000Z', stoppedReason: 'Repeated spam' };
    const view = await renderTab({
      [LIST]: list([{ ...reported, author: stopped }]),
      'POST /api/admin/comments/members/user-1/resume': { stoppedAt: null, stoppedReason: null },
    });
    const first = await item('Ledger upgrade goes live');
    expect(first.getByText(/Stopped from commenting since/).textContent).toBe(
      `Stopped from commenting since ${paris.dateTime(stopped.stoppedAt)}: Repeated spam`,
    );
    expect(first.queryByRole('button', { name: 'Stop commenting' })).toBeNull();
    fireEvent.click(first.getByRole('button', { name: 'Allow commenting' }));
    await waitFor(() => expect(frontToast()).toBe('Alice L. can comment again'));
    expect(writes(view.requests)).toEqual(['POST /api/admin/comments/members/user-1/resume']);
  });
});

describe('CommentsTab: where the keyboard focus goes', () => {
  const card = async (title: string) =>
    (await screen.findByRole('heading', { name: new RegExp(title) })).closest('article') as HTMLElement;
  const tabHeading = () => screen.getByRole('heading', { name: 'Comments', level: 2 });
  const firstHidden: ModerationItem = { ...hidden, id: 'comment-3', subjectTitle: 'First hidden' };

  it('after Restore, on the card that took the restored one’s place (the restored one left the queue)', async () => {
    let items = [firstHidden, reported];
    await renderTab({
      [LIST]: () => list(items),
      'POST /api/admin/comments/comment-3/restore': () => {
        items = [reported];
        return {};
      },
    });
    const restore = within(await card('First hidden')).getByRole('button', { name: 'Restore' });
    restore.focus();
    fireEvent.click(restore);
    await waitFor(() => expect(screen.queryByRole('heading', { name: /First hidden/ })).toBeNull());
    await waitFor(async () => expect(document.activeElement).toBe(await card('Ledger upgrade goes live')));
  });

  it('after Hide, on the card (its Hide button is gone); on the heading when no card is left', async () => {
    let items = [reported];
    await renderTab({
      [LIST]: () => list(items),
      'POST /api/admin/comments/comment-1/hide': () => {
        items = [{ ...reported, state: 'hidden', hiddenBy: 'moderator', hiddenReason: 'Advertising' }];
        return {};
      },
      'DELETE /api/admin/comments/comment-1': () => {
        items = [];
        return {};
      },
    });
    const hide = within(await card('Ledger upgrade goes live')).getByRole('button', { name: 'Hide' });
    hide.focus();
    const dialog = await openDialog(within(await card('Ledger upgrade goes live')), 'Hide');
    fireEvent.change(dialog.getByLabelText('Reason'), { target: { value: 'Advertising' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Hide comment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () => expect(document.activeElement).toBe(await card('Ledger upgrade goes live')));

    const remove = within(await card('Ledger upgrade goes live')).getByRole('button', { name: 'Delete' });
    remove.focus();
    fireEvent.click(remove);
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete this comment?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await screen.findByText('Nothing waiting for review.');
    await waitFor(() => expect(document.activeElement).toBe(tabHeading()));
  });

  it('after "Allow commenting", on the card rather than on the button that now says the opposite', async () => {
    const stopped = { ...alice, stoppedAt: '2026-03-04T10:00:00.000Z', stoppedReason: 'Repeated spam' };
    let items: ModerationItem[] = [{ ...reported, author: stopped }];
    await renderTab({
      [LIST]: () => list(items),
      'POST /api/admin/comments/members/user-1/resume': () => {
        items = [reported];
        return { stoppedAt: null, stoppedReason: null };
      },
    });
    const allow = within(await card('Ledger upgrade goes live')).getByRole('button', {
      name: 'Allow commenting',
    });
    allow.focus();
    fireEvent.click(allow);
    await waitFor(async () =>
      expect(
        within(await card('Ledger upgrade goes live')).getByRole('button', { name: 'Stop commenting' }),
      ).toBeTruthy(),
    );
    await waitFor(async () => expect(document.activeElement).toBe(await card('Ledger upgrade goes live')));
  });

  it("on the banner of a member's history, and on the heading back from it", async () => {
    await renderTab();
    const history = within(await card('Ledger upgrade goes live')).getByRole('button', {
      name: "Member's history",
    });
    history.focus();
    fireEvent.click(history);
    const banner = await screen.findByRole('region', {
      name: 'Showing every comment by Alice L. (alice@example.com)',
    });
    await waitFor(() => expect(document.activeElement).toBe(banner));
    const back = within(banner).getByRole('button', { name: 'Back to all members' });
    back.focus();
    fireEvent.click(back);
    await waitFor(() => expect(document.activeElement).toBe(tabHeading()));
  });

  it('on the first card of the page Next shows, though Next is then disabled', async () => {
    await renderTab({
      [LIST]: (request: Request) =>
        new URL(request.url).searchParams.get('page') === '2'
          ? list([firstHidden], { page: 2, total: 30 })
          : list([reported], { total: 30 }),
    });
    await card('Ledger upgrade goes live');
    const next = screen.getByRole('button', { name: 'Next' });
    next.focus();
    fireEvent.click(next);
    await waitFor(async () => expect(document.activeElement).toBe(await card('First hidden')));
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    // Past the search box's 300 ms wait, the page stays the one Next showed.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByText('Ledger upgrade goes live')).toBeNull();
    expect(document.activeElement).toBe(await card('First hidden'));
  });

  it('shows right-to-left text by its own direction', async () => {
    await renderTab({
      [LIST]: list([
        { ...reported, body: 'تدفقات للأسبوع الثالث', author: { ...alice, displayName: 'نورة' } },
      ]),
    });
    const first = await item('Ledger upgrade goes live');
    expect(first.getByTestId('moderation-body').getAttribute('dir')).toBe('auto');
    expect(first.getByText('نورة').getAttribute('dir')).toBe('auto');
  });
});
