// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { communityMessages, type CommentList } from '@/domain/community/community.schema';
import { freezeDate } from '../../../../../tests/support/clock';
import { bodies, problemAt } from '../../../../../tests/support/forms';
import { member } from '../../../../../tests/support/members';
import { renderApp, type RenderAppOptions } from '../../../../../tests/support/render-app';
import {
  comment,
  commentList,
  FIRST_ID,
  frontToast,
  NEW_ID,
  participation,
  reply,
  REPLY_ID,
  SECOND_ID,
  SUBJECT,
} from '../test-fixtures';
import { Discussion } from './discussion';

freezeDate(new Date('2026-11-25T12:00:00.000Z'));

const dana = member();
const admin = member({ role: 'admin', fullName: 'Mo Admin' });

/** The discussion as a member (or a guest, `session: null`) sees it; `list` answers GET /api/comments. */
async function renderDiscussion(
  list: CommentList | (() => CommentList),
  options: { api?: RenderAppOptions['api']; guest?: boolean; moderator?: boolean; route?: string } = {},
) {
  const who = options.moderator ? admin : dana;
  const view = renderApp(<Discussion subject={SUBJECT} />, {
    ...(options.guest ? {} : { session: who.session }),
    route: options.route ?? '/news/x',
    toasts: true,
    api: {
      ...(options.guest ? {} : who.api),
      'GET /api/comments': typeof list === 'function' ? list : () => list,
      ...options.api,
    },
  });
  await screen.findByRole('heading', { level: 2 });
  await waitFor(() => expect(screen.queryByText('Loading comments...')).toBeNull());
  return view;
}

const commentBy = (name: string) => screen.getByRole('article', { name: `Comment by ${name}` });
const writes = (requests: string[]) => requests.filter((request) => !request.startsWith('GET'));
const composer = () => screen.getByRole('textbox', { name: 'Add a comment' }) as HTMLTextAreaElement;
const type = (box: HTMLElement, value: string) => fireEvent.change(box, { target: { value } });

describe('Discussion: reading', () => {
  it('asks for the subject, newest first, and shows the count, the text with its line breaks and who wrote it', async () => {
    const view = await renderDiscussion(
      commentList({
        comments: [
          comment({ replies: [reply()] }),
          comment({
            id: SECOND_ID,
            author: { displayName: 'Mo Admin', expertise: null, staff: true },
            body: 'Thanks for the discussion.',
          }),
        ],
      }),
    );
    expect(view.requests).toContain(
      `GET /api/comments?subject=${encodeURIComponent(SUBJECT)}&order=newest&page=1`,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('3 comments');
    const ann = commentBy('Ann Lee');
    expect(ann.id).toBe(`comment-${FIRST_ID}`);
    expect(within(ann).getByText('Treasury analyst')).toBeTruthy();
    expect(within(ann).getByTestId('comment-text').textContent).toBe(
      'Third week of inflows in a row.\nWorth watching.',
    );
    expect(within(commentBy('Mo Admin')).getByText('Team')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Replies to Ann Lee' })).getByText(/inflows look steady/),
    ).toBeTruthy();
  });

  it('says so when there are no comments yet', async () => {
    await renderDiscussion(commentList({ comments: [] }));
    expect(screen.getByText('No comments yet. Start the discussion.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Comments');
  });

  it('shows removed, hidden and orphaned comments for what they are', async () => {
    await renderDiscussion(
      commentList({
        comments: [
          comment({ state: 'removed', body: null, replies: [reply()] }),
          comment({
            id: SECOND_ID,
            state: 'hidden',
            body: null,
            author: { displayName: null, expertise: null, staff: false },
          }),
        ],
      }),
    );
    expect(within(commentBy('Ann Lee')).getByText('Comment removed')).toBeTruthy();
    expect(
      within(commentBy('Deleted member')).getByText('This comment is hidden while a moderator reviews it.'),
    ).toBeTruthy();
    // Nothing to like, reply to or report on either.
    expect(within(commentBy('Ann Lee')).queryByRole('button', { name: /Reply|Like|Report/ })).toBeNull();
  });

  it('switches between newest and oldest first, and pages through the threads', async () => {
    const view = await renderDiscussion(
      commentList({ comments: [comment(), comment({ id: SECOND_ID })], threads: 45 }),
    );
    const oldest = screen.getByRole('button', { name: 'Oldest' });
    expect(oldest.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(oldest);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Oldest' }).getAttribute('aria-pressed')).toBe('true'),
    );
    expect(view.requests).toContain(
      `GET /api/comments?subject=${encodeURIComponent(SUBJECT)}&order=oldest&page=1`,
    );
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(view.requests).toContain(
        `GET /api/comments?subject=${encodeURIComponent(SUBJECT)}&order=oldest&page=2`,
      ),
    );
  });

  it('scrolls to the comment a notification links to and lights it up once', async () => {
    await renderDiscussion(commentList({ comments: [comment({ replies: [reply()] })] }), {
      route: `/news/x#comment-${REPLY_ID}`,
    });
    const target = document.getElementById(`comment-${REPLY_ID}`)!;
    await waitFor(() => expect(target.dataset.highlight).toBe('true'));
    expect(document.activeElement).toBe(target);
  });
});

describe('Discussion: a link to a comment on another page', () => {
  it("asks the server for the page holding the linked comment's thread, then shows that page", async () => {
    const secondPage = commentList({ page: 2, threads: 25, comments: [comment({ replies: [reply()] })] });
    const view = await renderDiscussion(
      (request?: Request) => {
        const url = new URL(request?.url ?? 'http://app/', 'http://app');
        return url.searchParams.get('focus') || url.searchParams.get('page') === '2'
          ? secondPage
          : commentList({ threads: 25 });
      },
      { route: `/news/x#comment-${REPLY_ID}` },
    );
    const target = await waitFor(() => {
      const element = document.getElementById(`comment-${REPLY_ID}`);
      expect(element?.dataset.highlight).toBe('true');
      return element;
    });
    expect(document.activeElement).toBe(target);
    expect(view.requests).toContain(
      `GET /api/comments?subject=${encodeURIComponent(SUBJECT)}&order=newest&page=1&focus=${REPLY_ID}`,
    );
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
  });
});

describe('Discussion: who may write', () => {
  it('shows a guest the comments and a way to sign in that comes back here', async () => {
    await renderDiscussion(
      commentList({
        participation: participation({
          status: 'guest',
          message: 'Sign in to join the discussion',
          profile: null,
        }),
      }),
      { guest: true },
    );
    expect(commentBy('Ann Lee')).toBeTruthy();
    const signIn = screen.getByRole('link', { name: 'Sign in to join the discussion' });
    expect(signIn.getAttribute('href')).toBe('/auth');
    expect(screen.queryByRole('textbox')).toBeNull();
    // Likes are counted, but only members like.
    expect(screen.queryByRole('button', { name: 'Like' })).toBeNull();
    expect(within(commentBy('Ann Lee')).getByText('2')).toBeTruthy();
  });

  it.each([
    ['unverified', 'Verify your email address to join the discussion.'],
    ['stopped', 'An administrator stopped you from commenting: Repeated spam'],
    ['blocked', 'Your account has been blocked.'],
  ] as const)('tells a %s member why they cannot comment', async (status, message) => {
    await renderDiscussion(commentList({ participation: participation({ status, message }) }));
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('asks for a display name before the first comment, then posts what was typed', async () => {
    const sent = bodies();
    const order: string[] = [];
    const view = await renderDiscussion(
      commentList({
        comments: [],
        participation: participation({
          status: 'needs_profile',
          message: 'Choose the name shown with your comments before you post.',
          profile: null,
        }),
      }),
      {
        api: {
          'PUT /api/community/profile': (request: Request) => {
            sent.record(request);
            order.push('profile');
            return { displayName: 'Dana R.', expertise: 'XRPL developer', blockedReason: null };
          },
          'POST /api/comments': (request: Request) => {
            sent.record(request);
            order.push('comment');
            return { status: 201, body: comment({ id: NEW_ID, mine: true, body: 'My first comment' }) };
          },
        },
      },
    );
    type(composer(), 'My first comment');
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Choose your discussion name' }));
    expect(dialog.getByText('Choose the name shown with your comments before you post.')).toBeTruthy();
    // 2 to 40 characters, checked before anything is sent.
    type(dialog.getByLabelText('Display name'), 'D');
    fireEvent.click(dialog.getByRole('button', { name: 'Save and post' }));
    await waitFor(() =>
      expect(problemAt(dialog.getByLabelText('Display name'))).toContain(
        'Your display name needs at least 2 characters.',
      ),
    );
    expect(writes(view.requests)).toEqual([]);
    type(dialog.getByLabelText('Display name'), '  Dana   R. ');
    type(dialog.getByLabelText('Expertise (optional)'), 'XRPL developer');
    fireEvent.click(dialog.getByRole('button', { name: 'Save and post' }));
    await waitFor(() => expect(order).toEqual(['profile', 'comment']));
    expect(screen.getByText('You now comment as Dana R.')).toBeTruthy();
    expect(await sent.all()).toEqual([
      { displayName: 'Dana R.', expertise: 'XRPL developer' },
      { subject: SUBJECT, body: 'My first comment' },
    ]);
    await waitFor(() => expect(composer().value).toBe(''));
  });

  it('keeps the comment when the member closes the name dialog, and posts nothing', async () => {
    const view = await renderDiscussion(
      commentList({
        participation: participation({ status: 'needs_profile', message: 'Choose a name', profile: null }),
      }),
    );
    type(composer(), 'Not yet');
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose your discussion name' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(composer().value).toBe('Not yet');
    await waitFor(() => expect(document.activeElement).toBe(composer()));
    expect(writes(view.requests)).toEqual([]);
  });

  it('lets a member change their discussion name', async () => {
    const sent = bodies();
    await renderDiscussion(commentList(), {
      api: {
        'PUT /api/community/profile': (request: Request) => {
          sent.record(request);
          return { displayName: 'Dana Reyes', expertise: null, blockedReason: null };
        },
      },
    });
    expect(screen.getByText('Dana R.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit your discussion name' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit your discussion name' }));
    expect((dialog.getByLabelText('Display name') as HTMLInputElement).value).toBe('Dana R.');
    type(dialog.getByLabelText('Display name'), 'Dana Reyes');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sent.all()).toEqual([{ displayName: 'Dana Reyes', expertise: '' }]);
  });

  it('shows the server’s refusal of a name like another member’s in the dialog and as a toast, keeping what was typed', async () => {
    await renderDiscussion(commentList(), {
      api: {
        'PUT /api/community/profile': {
          status: 409,
          body: { error: { code: 'conflict', message: communityMessages.nameTaken } },
        },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit your discussion name' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit your discussion name' }));
    type(dialog.getByLabelText('Display name'), 'Ann L\u0435e');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog.getByRole('alert').textContent).toBe(communityMessages.nameTaken));
    expect(frontToast()).toBe(`Your discussion name was not saved${communityMessages.nameTaken}`);
    expect((dialog.getByLabelText('Display name') as HTMLInputElement).value).toBe('Ann L\u0435e');
  });
});

describe('Discussion: writing', () => {
  it('posts a comment, which then shows in the discussion', async () => {
    const sent = bodies();
    let list = commentList();
    await renderDiscussion(() => list, {
      api: {
        'POST /api/comments': (request: Request) => {
          sent.record(request);
          const posted = comment({
            id: NEW_ID,
            mine: true,
            author: { displayName: 'Dana R.', expertise: null, staff: false },
            body: 'Great summary.',
            likes: 0,
          });
          list = commentList({ comments: [posted, ...list.comments] });
          return { status: 201, body: posted };
        },
      },
    });
    type(composer(), '  Great summary.  ');
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    const mine = await screen.findByRole('article', { name: 'Comment by Dana R.' });
    expect(within(mine).getByTestId('comment-text').textContent).toBe('Great summary.');
    expect(await sent.all()).toEqual([{ subject: SUBJECT, body: 'Great summary.' }]);
    expect(composer().value).toBe('');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('2 comments');
  });

  it('refuses an empty comment, and counts near the 5,000-character limit', async () => {
    const view = await renderDiscussion(commentList());
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    await waitFor(() => expect(problemAt(composer())).toContain('Write something first.'));
    expect(screen.queryByTestId('comment-counter')).toBeNull();
    type(composer(), 'x'.repeat(4500));
    expect(screen.getByTestId('comment-counter').textContent).toBe('4,500 / 5,000');
    type(composer(), 'x'.repeat(5003));
    expect(screen.getByTestId('comment-counter').textContent).toBe('5,003 / 5,000 (3 over the limit)');
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    await waitFor(() => expect(problemAt(composer())).toContain('A comment is at most 5,000 characters.'));
    expect(writes(view.requests)).toEqual([]);
  });

  it('shows a refusal as a toast and above the box, keeping what was typed', async () => {
    const message = 'You already posted this comment. Add something new, or edit the one you posted.';
    await renderDiscussion(commentList(), {
      api: { 'POST /api/comments': { status: 409, body: { error: { code: 'conflict', message } } } },
    });
    type(composer(), 'Again');
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    await waitFor(() => expect(frontToast()).toBe(`Your comment was not posted${message}`));
    expect(within(screen.getByRole('form', { name: 'Add a comment' })).getByRole('alert').textContent).toBe(
      message,
    );
    expect(composer().value).toBe('Again');
  });

  it('replies under the thread, to a reply too', async () => {
    const sent = bodies();
    await renderDiscussion(commentList({ comments: [comment({ replies: [reply()] })] }), {
      api: {
        'POST /api/comments': (request: Request) => {
          sent.record(request);
          return { status: 201, body: reply({ id: NEW_ID, mine: true }) };
        },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reply to Ben Ortiz' }));
    const box = await screen.findByRole('textbox', { name: 'Reply to Ben Ortiz' });
    expect(document.activeElement).toBe(box);
    type(box, 'Steady, yes.');
    fireEvent.click(screen.getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Reply to Ben Ortiz' })).toBeNull());
    expect(await sent.all()).toEqual([{ subject: SUBJECT, body: 'Steady, yes.', parentId: REPLY_ID }]);
  });

  it('likes and unlikes a comment, the button saying whether it is pressed', async () => {
    const view = await renderDiscussion(commentList(), {
      api: {
        [`PUT /api/comments/${FIRST_ID}/like`]: { likes: 3, liked: true },
        [`DELETE /api/comments/${FIRST_ID}/like`]: { likes: 2, liked: false },
      },
    });
    const like = () => within(commentBy('Ann Lee')).getByRole('button', { name: 'Like' });
    expect(like().getAttribute('aria-pressed')).toBe('false');
    expect(like().textContent).toBe('2');
    fireEvent.click(like());
    await waitFor(() => expect(like().getAttribute('aria-pressed')).toBe('true'));
    expect(like().textContent).toBe('3');
    fireEvent.click(like());
    await waitFor(() => expect(like().getAttribute('aria-pressed')).toBe('false'));
    await waitFor(() => expect(like().textContent).toBe('2'));
    expect(writes(view.requests)).toEqual([
      `PUT /api/comments/${FIRST_ID}/like`,
      `DELETE /api/comments/${FIRST_ID}/like`,
    ]);
  });

  it('edits the member’s own comment within its 15 minutes, then marks it edited', async () => {
    const sent = bodies();
    const mine = comment({
      id: NEW_ID,
      mine: true,
      author: { displayName: 'Dana R.', expertise: null, staff: false },
      body: 'Tpyo here',
      createdAt: '2026-11-25T11:55:00.000Z',
      editableUntil: '2026-11-25T12:10:00.000Z',
    });
    const older = comment({
      id: SECOND_ID,
      mine: true,
      author: { displayName: 'Dana R. (old)', expertise: null, staff: false },
    });
    let list = commentList({ comments: [mine, older] });
    await renderDiscussion(() => list, {
      api: {
        [`PATCH /api/comments/${NEW_ID}`]: (request: Request) => {
          sent.record(request);
          const edited = { ...mine, body: 'Typo here', editedAt: '2026-11-25T12:00:00.000Z' };
          list = commentList({ comments: [edited, older] });
          return edited;
        },
      },
    });
    // An older one of theirs is past its window: no Edit, but Delete.
    expect(within(commentBy('Dana R. (old)')).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(commentBy('Dana R. (old)')).getByRole('button', { name: 'Delete' })).toBeTruthy();
    fireEvent.click(within(commentBy('Dana R.')).getByRole('button', { name: 'Edit' }));
    const box = within(commentBy('Dana R.')).getByRole('textbox', { name: 'Edit your comment' });
    expect((box as HTMLTextAreaElement).value).toBe('Tpyo here');
    type(box, 'Typo here');
    fireEvent.click(within(commentBy('Dana R.')).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(commentBy('Dana R.')).getByTestId('comment-text').textContent).toBe('Typo here'),
    );
    const edited = within(commentBy('Dana R.')).getByText(/^edited/);
    expect(edited.getAttribute('title')).toMatch(/^Edited /);
    expect(await sent.all()).toEqual([{ body: 'Typo here' }]);
  });

  it('deletes the member’s own comment once confirmed; with replies it reads "Comment removed"', async () => {
    let list = commentList({ comments: [comment({ mine: true, replies: [reply()] })] });
    const view = await renderDiscussion(() => list, {
      api: {
        [`DELETE /api/comments/${FIRST_ID}`]: () => {
          list = commentList({
            comments: [comment({ mine: true, state: 'removed', body: null, replies: [reply()] })],
          });
          return {};
        },
      },
    });
    fireEvent.click(within(commentBy('Ann Lee')).getByRole('button', { name: 'Delete' }));
    const asked = within(await screen.findByRole('alertdialog', { name: 'Delete your comment?' }));
    fireEvent.click(asked.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(commentBy('Ann Lee')).getByText('Comment removed')).toBeTruthy());
    expect(within(commentBy('Ben Ortiz')).getByTestId('comment-text')).toBeTruthy();
    expect(writes(view.requests)).toEqual([`DELETE /api/comments/${FIRST_ID}`]);
    await waitFor(() => expect(frontToast()).toBe('Comment deleted'));
  });
});

describe('Discussion: reports', () => {
  it('reports a comment with a reason and details, then says thank you and disables Report', async () => {
    const sent = bodies();
    let list = commentList();
    await renderDiscussion(() => list, {
      api: {
        [`POST /api/comments/${FIRST_ID}/reports`]: (request: Request) => {
          sent.record(request);
          list = commentList({ comments: [comment({ reportedByMe: true })] });
          return { status: 201, body: { hidden: false } };
        },
      },
    });
    fireEvent.click(within(commentBy('Ann Lee')).getByRole('button', { name: 'Report' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report this comment' }));
    expect(dialog.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual([
      'spam',
      'abuse',
      'misinformation',
      'off_topic',
      'other',
    ]);
    fireEvent.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(await dialog.findByText('Choose a reason.')).toBeTruthy();
    fireEvent.click(dialog.getByLabelText('Spam or advertising'));
    type(dialog.getByLabelText('Details (optional)'), 'Links to a pump group');
    fireEvent.click(dialog.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sent.all()).toEqual([{ reason: 'spam', details: 'Links to a pump group' }]);
    await waitFor(() => expect(frontToast()).toContain('Reported — thank you'));
    const reported = within(commentBy('Ann Lee')).getByRole('button', {
      name: 'Reported',
    }) as HTMLButtonElement;
    expect(reported.disabled).toBe(true);
  });

  it.each([
    [409, 'conflict', 'You have already reported this comment.'],
    [429, 'rate_limited', 'You can send 20 reports an hour'],
  ])('shows a %i refusal as a toast with the server’s words', async (status, code, message) => {
    await renderDiscussion(commentList(), {
      api: { [`POST /api/comments/${FIRST_ID}/reports`]: { status, body: { error: { code, message } } } },
    });
    fireEvent.click(within(commentBy('Ann Lee')).getByRole('button', { name: 'Report' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report this comment' }));
    fireEvent.click(dialog.getByLabelText('Off topic'));
    fireEvent.click(dialog.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(frontToast()).toBe(`The report was not sent${message}`));
    expect(dialog.getByRole('alert').textContent).toBe(message);
  });

  it('shows a comment already reported by the member as reported', async () => {
    await renderDiscussion(commentList({ comments: [comment({ reportedByMe: true })] }));
    expect(
      (within(commentBy('Ann Lee')).getByRole('button', { name: 'Reported' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});

describe('Discussion: moderators', () => {
  const moderated = () =>
    commentList({
      participation: participation({ moderator: true }),
      comments: [
        comment({ moderation: { openReports: 2, hiddenBy: null, hiddenReason: null } }),
        comment({
          id: SECOND_ID,
          author: { displayName: 'Spam Bot', expertise: null, staff: false },
          state: 'hidden',
          body: 'Buy now!!!',
          moderation: { openReports: 3, hiddenBy: 'reports', hiddenReason: null },
        }),
        comment({
          id: NEW_ID,
          author: { displayName: 'Ben Ortiz', expertise: null, staff: false },
          state: 'hidden',
          body: 'You are all idiots.',
          moderation: { openReports: 0, hiddenBy: 'moderator', hiddenReason: 'Personal attack' },
        }),
      ],
    });

  it('see hidden text with a Hidden badge, and the open reports', async () => {
    await renderDiscussion(moderated(), { moderator: true });
    const bot = commentBy('Spam Bot');
    expect(within(bot).getByTestId('comment-text').textContent).toBe('Buy now!!!');
    expect(within(bot).getByText('Hidden')).toBeTruthy();
    expect(within(bot).getByText('3 open reports')).toBeTruthy();
    expect(within(bot).getByText('Hidden by members’ reports')).toBeTruthy();
    expect(within(commentBy('Ben Ortiz')).getByText('Hidden by a moderator: Personal attack')).toBeTruthy();
    expect(within(commentBy('Ann Lee')).getByText('2 open reports')).toBeTruthy();
  });

  it('hide with a reason, restore, and delete once confirmed', async () => {
    const sent = bodies();
    const view = await renderDiscussion(moderated(), {
      moderator: true,
      api: {
        [`POST /api/admin/comments/${FIRST_ID}/hide`]: (request: Request) => {
          sent.record(request);
          return {};
        },
        [`POST /api/admin/comments/${SECOND_ID}/restore`]: {},
        [`DELETE /api/admin/comments/${SECOND_ID}`]: {},
      },
    });
    const annTools = within(screen.getByRole('group', { name: 'Moderate the comment by Ann Lee' }));
    fireEvent.click(annTools.getByRole('button', { name: 'Hide' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Hide this comment' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Hide comment' }));
    expect(await dialog.findByText('Give a reason (at least 3 characters).')).toBeTruthy();
    type(dialog.getByLabelText('Reason'), 'Personal attack');
    fireEvent.click(dialog.getByRole('button', { name: 'Hide comment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sent.all()).toEqual([{ reason: 'Personal attack' }]);

    const botTools = within(screen.getByRole('group', { name: 'Moderate the comment by Spam Bot' }));
    fireEvent.click(botTools.getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(writes(view.requests)).toContain(`POST /api/admin/comments/${SECOND_ID}/restore`),
    );
    fireEvent.click(botTools.getByRole('button', { name: 'Delete' }));
    const asked = within(await screen.findByRole('alertdialog', { name: 'Delete this comment?' }));
    fireEvent.click(asked.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(writes(view.requests)).toEqual([
        `POST /api/admin/comments/${FIRST_ID}/hide`,
        `POST /api/admin/comments/${SECOND_ID}/restore`,
        `DELETE /api/admin/comments/${SECOND_ID}`,
      ]),
    );
  });

  it('are not offered to members', async () => {
    await renderDiscussion(commentList({ comments: [comment({ state: 'hidden', body: null })] }));
    expect(screen.queryByRole('group', { name: /Moderate/ })).toBeNull();
    expect(screen.getByText('This comment is hidden while a moderator reviews it.')).toBeTruthy();
  });
});

describe('Discussion: comment text is never markup', () => {
  it('turns http(s) addresses into links that open apart, with nofollow ugc', async () => {
    await renderDiscussion(
      commentList({
        comments: [
          comment({
            body: 'See https://xrpl.org/docs?x=1&y=2 and www.example.com/report.\nNot ftp://files.example.com or mailto:a@b.co',
          }),
        ],
      }),
    );
    const text = within(commentBy('Ann Lee')).getByTestId('comment-text');
    const links = within(text).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['https://xrpl.org/docs?x=1&y=2', 'https://xrpl.org/docs?x=1&y=2'],
      ['www.example.com/report', 'http://www.example.com/report'],
    ]);
    for (const link of links) {
      expect(link.getAttribute('rel')).toBe('nofollow ugc noopener');
      expect(link.getAttribute('target')).toBe('_blank');
    }
    expect(text.textContent).toContain('Not ftp://files.example.com or mailto:a@b.co');
  });

  it('shows an XSS corpus as the words typed: no script, img or svg, no javascript: link', async () => {
    const corpus = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      'javascript:alert(1)',
      '[x](javascript:alert(1))',
      '"><svg onload=alert(1)>',
    ].join('\n');
    await renderDiscussion(commentList({ comments: [comment({ body: corpus })] }));
    const section = screen.getByRole('region', { name: /comment/i });
    const text = within(commentBy('Ann Lee')).getByTestId('comment-text');
    expect(text.textContent).toBe(corpus);
    expect(
      section.querySelectorAll('script, img, svg:not([aria-hidden="true"]), iframe, object'),
    ).toHaveLength(0);
    expect(text.querySelectorAll('svg')).toHaveLength(0);
    expect(document.querySelectorAll('a[href^="javascript:" i]')).toHaveLength(0);
    expect(within(text).queryAllByRole('link')).toHaveLength(0);
  });
});

describe('Discussion: an edit that outlasts its 15 minutes', () => {
  const message = 'Comments can be edited for 15 minutes after posting.';
  const dana = () => commentBy('Dana R.');

  it('keeps the form and the text when the window ends; the refusal shows in the form and as a toast; Cancel brings the actions back', async () => {
    // 60 ms of the window left when the page opens.
    const mine = comment({
      id: NEW_ID,
      mine: true,
      author: { displayName: 'Dana R.', expertise: null, staff: false },
      body: 'Tpyo here',
      createdAt: '2026-11-25T11:45:00.060Z',
      editableUntil: '2026-11-25T12:00:00.060Z',
    });
    await renderDiscussion(commentList({ comments: [mine] }), {
      api: {
        [`PATCH /api/comments/${NEW_ID}`]: { status: 409, body: { error: { code: 'conflict', message } } },
      },
    });
    fireEvent.click(within(dana()).getByRole('button', { name: 'Edit' }));
    const box = within(dana()).getByRole('textbox', { name: 'Edit your comment' }) as HTMLTextAreaElement;
    type(box, 'Typo here');
    // The window ends while the member edits: the form stays, and says the time is up.
    await waitFor(() => expect(within(dana()).getByText(/minutes to edit ended at/)).toBeTruthy());
    expect(box.isConnected).toBe(true);
    expect(within(dana()).queryByRole('button', { name: 'Like' })).toBeNull();

    fireEvent.click(within(dana()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(frontToast()).toBe(`Your edit was not saved${message}`));
    const form = within(dana()).getByRole('form', { name: 'Edit your comment' });
    expect(within(form).getByRole('alert').textContent).toBe(message);
    expect(box.value).toBe('Typo here');

    fireEvent.click(within(dana()).getByRole('button', { name: 'Cancel' }));
    expect(within(dana()).queryByRole('textbox')).toBeNull();
    expect(within(dana()).getByTestId('comment-text').textContent).toBe('Tpyo here');
    for (const name of ['Like', 'Reply to Dana R.', 'Delete'])
      expect(within(dana()).getByRole('button', { name })).toBeTruthy();
    expect(within(dana()).queryByRole('button', { name: 'Edit' })).toBeNull();
    // Its Edit button is gone: the focus goes to the comment.
    await waitFor(() => expect(document.activeElement).toBe(dana()));
  });

  it('offers no Edit when the server says the member may not edit (stopped from commenting)', async () => {
    await renderDiscussion(
      commentList({
        comments: [comment({ mine: true, editableUntil: null, createdAt: '2026-11-25T11:59:00.000Z' })],
        participation: participation({ status: 'stopped', message: 'An administrator stopped you.' }),
      }),
    );
    expect(within(commentBy('Ann Lee')).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(commentBy('Ann Lee')).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });
});

describe('Discussion: where the keyboard focus goes', () => {
  const danaComment = (overrides: Parameters<typeof comment>[0] = {}) =>
    comment({
      id: NEW_ID,
      mine: true,
      author: { displayName: 'Dana R.', expertise: null, staff: false },
      body: 'Tpyo here',
      createdAt: '2026-11-25T11:55:00.000Z',
      editableUntil: '2026-11-25T12:10:00.000Z',
      ...overrides,
    });

  it('back to the Edit button on Cancel, and to the comment once an edit is saved', async () => {
    let list = commentList({ comments: [danaComment()] });
    await renderDiscussion(() => list, {
      api: {
        [`PATCH /api/comments/${NEW_ID}`]: () => {
          const edited = danaComment({ body: 'Typo here', editedAt: '2026-11-25T12:00:00.000Z' });
          list = commentList({ comments: [edited] });
          return edited;
        },
      },
    });
    const edit = () => within(commentBy('Dana R.')).getByRole('button', { name: 'Edit' });
    fireEvent.click(edit());
    fireEvent.click(within(commentBy('Dana R.')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(edit()));

    fireEvent.click(edit());
    type(within(commentBy('Dana R.')).getByRole('textbox'), 'Typo here');
    fireEvent.click(within(commentBy('Dana R.')).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(commentBy('Dana R.')).getByTestId('comment-text').textContent).toBe('Typo here'),
    );
    await waitFor(() => expect(document.activeElement).toBe(commentBy('Dana R.')));
  });

  it('back to the Reply button when a reply is cancelled', async () => {
    await renderDiscussion(commentList({ comments: [comment({ replies: [reply()] })] }));
    const replyButton = () => screen.getByRole('button', { name: 'Reply to Ben Ortiz' });
    fireEvent.click(replyButton());
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Reply to Ben Ortiz' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(replyButton()));
  });

  it('on the comment once it is reported (its button is then a disabled "Reported")', async () => {
    let list = commentList();
    await renderDiscussion(() => list, {
      api: {
        [`POST /api/comments/${FIRST_ID}/reports`]: () => {
          list = commentList({ comments: [comment({ reportedByMe: true })] });
          return { status: 201, body: { hidden: false } };
        },
      },
    });
    const report = within(commentBy('Ann Lee')).getByRole('button', { name: 'Report' });
    report.focus();
    fireEvent.click(report);
    const dialog = within(await screen.findByRole('dialog', { name: 'Report this comment' }));
    fireEvent.click(dialog.getByLabelText('Off topic'));
    fireEvent.click(dialog.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(commentBy('Ann Lee')));
    expect(
      (within(commentBy('Ann Lee')).getByRole('button', { name: 'Reported' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('on the next comment when the member deletes theirs, on the heading when none is left', async () => {
    const other = comment({
      id: SECOND_ID,
      author: { displayName: 'Ben Ortiz', expertise: null, staff: false },
    });
    let list = commentList({ comments: [danaComment(), other] });
    await renderDiscussion(() => list, {
      api: {
        [`DELETE /api/comments/${NEW_ID}`]: () => {
          list = commentList({ comments: [other] });
          return {};
        },
      },
    });
    const remove = within(commentBy('Dana R.')).getByRole('button', { name: 'Delete' });
    remove.focus();
    fireEvent.click(remove);
    const asked = within(await screen.findByRole('alertdialog', { name: 'Delete your comment?' }));
    fireEvent.click(asked.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Comment by Dana R.' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(commentBy('Ben Ortiz')));
  });

  it('on the heading when the member deletes the only comment', async () => {
    let list = commentList({ comments: [danaComment()] });
    await renderDiscussion(() => list, {
      api: {
        [`DELETE /api/comments/${NEW_ID}`]: () => {
          list = commentList({ comments: [] });
          return {};
        },
      },
    });
    const remove = within(commentBy('Dana R.')).getByRole('button', { name: 'Delete' });
    remove.focus();
    fireEvent.click(remove);
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete your comment?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await screen.findByText('No comments yet. Start the discussion.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 })));
  });

  it('on the next page’s first comment after Next, though Next is then disabled', async () => {
    const second = commentList({
      page: 2,
      threads: 25,
      comments: [
        comment({ id: SECOND_ID, author: { displayName: 'Ben Ortiz', expertise: null, staff: false } }),
      ],
    });
    await renderDiscussion((request?: Request) =>
      new URL(request?.url ?? 'http://app/', 'http://app').searchParams.get('page') === '2'
        ? second
        : commentList({ threads: 25 }),
    );
    const next = screen.getByRole('button', { name: 'Next' });
    next.focus();
    fireEvent.click(next);
    await waitFor(() => expect(screen.getByText('Page 2 of 2')).toBeTruthy());
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(commentBy('Ben Ortiz')));
  });

  it('for moderators: on the comment after Hide and Restore, on the heading after deleting the last one', async () => {
    const visible = () => comment({ moderation: { openReports: 1, hiddenBy: null, hiddenReason: null } });
    const hidden = () =>
      comment({
        state: 'hidden',
        hiddenBy: 'moderator',
        hiddenNote: 'Personal attack',
        moderation: { openReports: 0, hiddenBy: 'moderator', hiddenReason: 'Personal attack' },
      });
    const moderatorList = (comments: CommentList['comments']) =>
      commentList({ participation: participation({ moderator: true }), comments });
    let list = moderatorList([visible()]);
    await renderDiscussion(() => list, {
      moderator: true,
      api: {
        [`POST /api/admin/comments/${FIRST_ID}/hide`]: () => {
          list = moderatorList([hidden()]);
          return {};
        },
        [`POST /api/admin/comments/${FIRST_ID}/restore`]: () => {
          list = moderatorList([
            comment({ moderation: { openReports: 0, hiddenBy: null, hiddenReason: null } }),
          ]);
          return {};
        },
        [`DELETE /api/admin/comments/${FIRST_ID}`]: () => {
          list = moderatorList([]);
          return {};
        },
      },
    });
    const tools = () => within(screen.getByRole('group', { name: 'Moderate the comment by Ann Lee' }));

    const hide = tools().getByRole('button', { name: 'Hide' });
    hide.focus();
    fireEvent.click(hide);
    const dialog = within(await screen.findByRole('dialog', { name: 'Hide this comment' }));
    type(dialog.getByLabelText('Reason'), 'Personal attack');
    fireEvent.click(dialog.getByRole('button', { name: 'Hide comment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(commentBy('Ann Lee')));

    const restore = tools().getByRole('button', { name: 'Restore' });
    restore.focus();
    fireEvent.click(restore);
    await waitFor(() => expect(tools().queryByRole('button', { name: 'Restore' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(commentBy('Ann Lee')));

    const remove = tools().getByRole('button', { name: 'Delete' });
    remove.focus();
    fireEvent.click(remove);
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete this comment?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await screen.findByText('No comments yet. Start the discussion.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 })));
  });
});

describe('Discussion: how comments read', () => {
  it('gives a comment’s age in minutes under an hour, with the full date and time on it', async () => {
    await renderDiscussion(commentList({ comments: [comment({ createdAt: '2026-11-25T11:37:00.000Z' })] }));
    const time = within(commentBy('Ann Lee')).getByText('23 min ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe('2026-11-25T11:37:00.000Z');
    expect(time.getAttribute('title')).toMatch(/^Nov 25, \d{1,2}:\d{2} [AP]M$/);
    expect(screen.queryByText('Just now')).toBeNull();
  });

  it('lays out right-to-left text by its own direction: the text, the name and the expertise line', async () => {
    await renderDiscussion(
      commentList({
        comments: [
          comment({
            author: { displayName: 'نورة', expertise: 'محللة مالية', staff: false },
            body: 'تدفقات للأسبوع الثالث على التوالي.',
          }),
        ],
      }),
    );
    const nora = commentBy('نورة');
    expect(within(nora).getByTestId('comment-text').getAttribute('dir')).toBe('auto');
    expect(within(nora).getByText('نورة').getAttribute('dir')).toBe('auto');
    expect(within(nora).getByText('محللة مالية').getAttribute('dir')).toBe('auto');
  });

  it('says who hid a comment: members’ reports, or a moderator and (to its author) why', async () => {
    await renderDiscussion(
      commentList({
        comments: [
          comment({ state: 'hidden', body: null, hiddenBy: 'reports' }),
          comment({
            id: SECOND_ID,
            mine: true,
            author: { displayName: 'Dana R.', expertise: null, staff: false },
            state: 'hidden',
            body: null,
            hiddenBy: 'moderator',
            hiddenNote: 'Personal attack',
          }),
          comment({
            id: NEW_ID,
            author: { displayName: 'Ben Ortiz', expertise: null, staff: false },
            state: 'hidden',
            body: null,
            hiddenBy: 'moderator',
          }),
        ],
      }),
    );
    expect(
      within(commentBy('Ann Lee')).getByText('This comment is hidden while a moderator reviews it.'),
    ).toBeTruthy();
    const mine = within(commentBy('Dana R.')).getByTestId('comment-hidden');
    expect(mine.textContent).toBe('A moderator hid this comment.Reason: Personal attack');
    expect(within(commentBy('Ben Ortiz')).getByTestId('comment-hidden').textContent).toBe(
      'A moderator hid this comment.',
    );
    expect(screen.queryAllByText('This comment is hidden while a moderator reviews it.')).toHaveLength(1);
  });

  it('writes no second full stop after a name that ends with one', async () => {
    await renderDiscussion(
      commentList({ participation: participation({ profile: { displayName: 'Nina N.', expertise: null } }) }),
    );
    const line = screen.getByText(/Commenting as/);
    expect(line.textContent).toBe('Commenting as Nina N.');
    expect(line.querySelector('[dir="auto"]')?.textContent).toBe('Nina N.');
  });
});
