import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  COMMENT_MAX_LENGTH,
  communityMessages,
  type Comment,
  type CommentList,
} from '@/domain/community/community.schema';
import type { NotificationList } from '@/domain/alerts/alerts.schema';
import type { Preferences } from '@/domain/preferences/preferences.schema';
import { createLogger } from '../../lib/logger';
import { deliverDue } from '../../shared/notifications/deliveries';
import { TEST_PASSWORD } from '../../../../tests/support/test-app';
import { useTestAppWithSmtp } from '../../../../tests/support/test-app-with-smtp';

const { app, smtp } = useTestAppWithSmtp();
const logger = createLogger('silent');

type Member = { cookie: string; email: string; userId: string };
let admin: Member;
let alice: Member;
let bob: Member;
let carol: Member;
let premium: Member;
let articleId: string;
let researchId: string;
let news: string;

const DAY = 86_400_000;
const client = (member?: Member) => app().client(member?.cookie);

/** Test users are created now; most tests are about members past their first day. */
async function aged(member: Member, days = 30): Promise<Member> {
  await app()
    .handle.db.updateTable('user')
    .set({ createdAt: new Date(Date.now() - days * DAY) })
    .where('id', '=', member.userId)
    .execute();
  return member;
}

async function named(member: Member, displayName: string, expertise?: string): Promise<Member> {
  const response = await client(member).community.profile.$put({ json: { displayName, expertise } });
  expect(response.status).toBe(200);
  return member;
}

async function post(member: Member, body: string, extra: { subject?: string; parentId?: string } = {}) {
  return client(member).comments.$post({
    json: { subject: extra.subject ?? news, body, parentId: extra.parentId },
  });
}

async function posted(member: Member, body: string, extra: { subject?: string; parentId?: string } = {}) {
  const response = await post(member, body, extra);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Comment;
}

async function list(member: Member | undefined, subject = news, order: 'newest' | 'oldest' = 'newest') {
  const response = await client(member).comments.$get({ query: { subject, order } });
  expect(response.status).toBe(200);
  return (await response.json()) as CommentList;
}

async function bell(member: Member): Promise<NotificationList> {
  const response = await client(member).notifications.$get({ query: {} });
  expect(response.status).toBe(200);
  return (await response.json()) as NotificationList;
}

const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { message: string } }).error.message;

async function newArticle(title = 'Ripple wins another ruling') {
  const row = await app()
    .handle.db.insertInto('news_articles')
    .values({
      title,
      url: `https://example.com/${crypto.randomUUID()}`,
      categories: ['REGULATION'],
      published_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const delivery = () => ({
  db: app().handle.db,
  logger,
  mailer: app().deps.mailer,
  push: null,
  publicUrl: app().env.PUBLIC_URL,
  secret: app().deps.alerts.unsubscribeSecret,
});

beforeAll(async () => {
  admin = await aged(await app().signedInUser({ role: 'admin' }));
  alice = await named(await aged(await app().signedInUser({ plan: 'free' })), 'Alice', 'Payments engineer');
  bob = await named(await aged(await app().signedInUser({ plan: 'free' })), 'Bob');
  carol = await named(await aged(await app().signedInUser({ plan: 'free' })), 'Carol');
  premium = await named(await aged(await app().signedInUser({ plan: 'premium' })), 'Pia');
  await named(admin, 'Moderator Max');
  articleId = await newArticle();
  news = `news:${articleId}`;
  const research = await app()
    .handle.db.insertInto('research_posts')
    .values({
      slug: `odl-volumes-${Date.now()}`,
      title: 'ODL volumes',
      summary: 'Where the corridors grew.',
      body: 'Full text.',
      published_at: new Date(),
      author_id: admin.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  researchId = research.id;
});

describe('reading and joining a discussion', () => {
  it('lets guests read and tells them to sign in; posting needs a session', async () => {
    const first = await posted(alice, 'First thoughts on the ruling.');
    const page = await list(undefined);
    expect(page.participation).toMatchObject({ status: 'guest', message: 'Sign in to join the discussion' });
    expect(page.comments.map((comment) => comment.id)).toContain(first.id);
    expect(page.comments[0]).toMatchObject({
      author: { displayName: 'Alice', expertise: 'Payments engineer', staff: false },
      mine: false,
      liked: false,
    });
    const refused = await app().request('/api/comments', {
      method: 'POST',
      json: { subject: news, body: 'Hello' },
    });
    expect(refused.status).toBe(401);
  });

  it('asks for a display name before the first comment, and checks it', async () => {
    const newcomer = await aged(await app().signedInUser());
    expect((await list(newcomer)).participation.status).toBe('needs_profile');
    const first = await post(newcomer, 'Hello there');
    expect(first.status).toBe(409);
    expect(await errorOf(first)).toBe(communityMessages.needsProfile);
    const bad = await client(newcomer).community.profile.$put({ json: { displayName: ' x ' } });
    expect(bad.status).toBe(422);
    await named(newcomer, '  Nia   Okafor ', 'Treasury analyst');
    expect(await (await client(newcomer).community.profile.$get()).json()).toEqual({
      displayName: 'Nia Okafor',
      expertise: 'Treasury analyst',
      blockedReason: null,
    });
    expect((await post(newcomer, 'Hello there')).status).toBe(201);
  });

  it('refuses members without a verified email, and blocked members', async () => {
    const unverified = await named(await aged(await app().signedInUser()), 'Uma');
    await app()
      .handle.db.updateTable('user')
      .set({ emailVerified: false })
      .where('id', '=', unverified.userId)
      .execute();
    const refused = await post(unverified, 'Can I?');
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe(communityMessages.verifyEmail);
    expect((await list(unverified)).participation.status).toBe('unverified');

    const blocked = await named(await aged(await app().signedInUser()), 'Blake');
    await app()
      .handle.db.updateTable('profiles')
      .set({ blocked: true })
      .where('user_id', '=', blocked.userId)
      .execute();
    expect((await post(blocked, 'Let me in')).status).toBe(403);
  });

  it('keeps plain text as written (an XSS corpus is stored and answered as text, not markup)', async () => {
    const corpus = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '"><svg onload=alert(1)>',
      '[x](javascript:alert(1)) javascript:alert(1)',
    ].join('\n');
    const comment = await posted(bob, corpus, { subject: `news:${await newArticle()}` });
    expect(comment.body).toBe(corpus);
  });

  it('refuses an empty comment and one over 5,000 characters; 5,000 is fine', async () => {
    const subject = `news:${await newArticle()}`;
    expect((await post(carol, '   \n  ', { subject })).status).toBe(422);
    const tooLong = await post(carol, 'x'.repeat(COMMENT_MAX_LENGTH + 1), { subject });
    expect(tooLong.status).toBe(422);
    expect(await errorOf(tooLong)).toContain('5,000 characters');
    expect((await post(carol, 'y'.repeat(COMMENT_MAX_LENGTH), { subject })).status).toBe(201);
  });

  it('answers 404 for a discussion of nothing, and 422 for a malformed subject', async () => {
    expect(
      (await client(alice).comments.$get({ query: { subject: `news:${crypto.randomUUID()}` } })).status,
    ).toBe(404);
    expect((await client(alice).comments.$get({ query: { subject: 'analysis:2999-W01' } })).status).toBe(404);
    expect((await client(alice).comments.$get({ query: { subject: 'news:../../etc' } })).status).toBe(422);
  });
});

describe('replies, likes, edits, deletions and order', () => {
  it('nests replies one level (a reply to a reply joins the thread), and notifies the author in the app and by mail', async () => {
    const subject = `news:${await newArticle('Bank adopts ODL')}`;
    const top = await posted(alice, 'Which bank is it?', { subject });
    const reply = await posted(bob, 'A bank in Japan, I think.', { subject, parentId: top.id });
    const replyToReply = await posted(carol, 'SBI, per the filing.', { subject, parentId: reply.id });
    expect(replyToReply.parentId).toBe(top.id);
    const page = await list(alice, subject);
    expect(page.count).toBe(3);
    expect(page.threads).toBe(1);
    expect(page.comments[0]!.replies.map((item) => item.body)).toEqual([
      'A bank in Japan, I think.',
      'SBI, per the filing.',
    ]);

    const notifications = await bell(alice);
    const mine = notifications.items.find((item) => item.url?.endsWith(`#comment-${reply.id}`));
    expect(mine).toMatchObject({ type: 'reply', title: 'Bob replied to your comment' });
    expect(mine!.url).toBe(`/news/${subject.slice(5)}#comment-${reply.id}`);
    // Bob is told of Carol's reply to him; Alice is not told twice, Carol not of her own.
    const bobs = await bell(bob);
    expect(bobs.items.filter((item) => item.type === 'reply').map((item) => item.title)).toContain(
      'Carol replied to your comment',
    );

    await deliverDue(delivery());
    const mail = await smtp().waitFor(alice.email, /Bob replied to your comment/);
    expect(mail.text).toContain('A bank in Japan, I think.');
    expect(mail.text).toContain(`${app().env.PUBLIC_URL}/news/`);
    expect(mail.text).toContain('Stop emails about replies to your comments:');
  });

  it('sends no reply mail once the member switched it off (one click in the mail does that)', async () => {
    const subject = `news:${await newArticle()}`;
    const top = await posted(carol, 'Quiet please.', { subject });
    const token = (await import('../../shared/notifications/unsubscribe')).unsubscribeToken(
      app().deps.alerts.unsubscribeSecret,
      carol.userId,
      'replies',
    );
    const oneClick = await app().request(`/api/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
    });
    expect(oneClick.ok).toBe(true);
    const preferences = (await (await client(carol).preferences.$get()).json()) as Preferences;
    expect(preferences.notificationEmailCommentReplies).toBe(false);
    await posted(alice, 'Noted, Carol.', { subject, parentId: top.id });
    const before = smtp().mails.length;
    await deliverDue(delivery());
    expect(
      smtp()
        .mails.slice(before)
        .filter((mail) => mail.to.includes(carol.email)),
    ).toEqual([]);
    const carols = await bell(carol);
    expect(carols.items.some((item) => item.title === 'Alice replied to your comment')).toBe(true);
  });

  it('counts one like per member, and takes it back', async () => {
    const comment = await posted(alice, 'Like me once.', { subject: `news:${await newArticle()}` });
    const like = () => client(bob).comments[':id'].like.$put({ param: { id: comment.id } });
    expect(await (await like()).json()).toEqual({ likes: 1, liked: true });
    expect(await (await like()).json()).toEqual({ likes: 1, liked: true });
    await client(carol).comments[':id'].like.$put({ param: { id: comment.id } });
    const unliked = await client(bob).comments[':id'].like.$delete({ param: { id: comment.id } });
    expect(await unliked.json()).toEqual({ likes: 1, liked: false });
  });

  it('lets the author edit within 15 minutes (marked edited), never after, and never another member', async () => {
    const comment = await posted(alice, 'Typo here.', { subject: `news:${await newArticle()}` });
    expect(comment.editableUntil).not.toBeNull();
    const edit = (member: Member, body: string) =>
      client(member).comments[':id'].$patch({ param: { id: comment.id }, json: { body } });
    const edited = await edit(alice, 'No typo here.');
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ body: 'No typo here.', editedAt: expect.any(String) });
    expect((await edit(bob, 'Hijacked')).status).toBe(403);
    expect((await edit(admin, 'Even admins do not rewrite members')).status).toBe(403);
    await app()
      .handle.db.updateTable('comments')
      .set({ created_at: new Date(Date.now() - 16 * 60_000) })
      .where('id', '=', comment.id)
      .execute();
    const late = await edit(alice, 'Too late.');
    expect(late.status).toBe(409);
    expect(await errorOf(late)).toBe(communityMessages.editWindow);
  });

  it("deletes the author's own comment only: replies stay under 'Comment removed', a lone one goes", async () => {
    const subject = `news:${await newArticle()}`;
    const top = await posted(alice, 'To be removed.', { subject });
    const reply = await posted(bob, 'A reply that stays.', { subject, parentId: top.id });
    const lone = await posted(alice, 'Lone comment.', { subject });
    expect((await client(bob).comments[':id'].$delete({ param: { id: top.id } })).status).toBe(403);
    expect((await client(alice).comments[':id'].$delete({ param: { id: top.id } })).status).toBe(204);
    expect((await client(alice).comments[':id'].$delete({ param: { id: lone.id } })).status).toBe(204);
    const page = await list(carol, subject);
    expect(page.count).toBe(1);
    expect(page.comments).toHaveLength(1);
    expect(page.comments[0]).toMatchObject({ id: top.id, state: 'removed', body: null });
    expect(page.comments[0]!.replies.map((item) => item.id)).toEqual([reply.id]);
  });

  it('orders threads newest or oldest first, and counts them on the cards', async () => {
    const subject = `news:${await newArticle()}`;
    const a = await posted(alice, 'First.', { subject });
    const b = await posted(bob, 'Second.', { subject });
    expect((await list(carol, subject, 'newest')).comments.map((item) => item.id)).toEqual([b.id, a.id]);
    expect((await list(carol, subject, 'oldest')).comments.map((item) => item.id)).toEqual([a.id, b.id]);
    const empty = `news:${await newArticle()}`;
    const counts = await client().comments.counts.$get({ query: { subjects: `${subject},${empty}` } });
    expect(await counts.json()).toEqual({ counts: { [subject]: 2, [empty]: 0 } });
  });
});

describe('research and weekly analysis', () => {
  it('keeps a research discussion to those who can read the post', async () => {
    const subject = `research:${researchId}`;
    expect((await client(alice).comments.$get({ query: { subject } })).status).toBe(403);
    expect((await client().comments.$get({ query: { subject } })).status).toBe(403);
    expect((await post(alice, 'Sneaking in', { subject })).status).toBe(403);
    const comment = await posted(premium, 'Good read.', { subject });
    expect((await list(admin, subject)).comments.map((item) => item.id)).toEqual([comment.id]);
  });

  it('goes with its research post when the post is deleted', async () => {
    const post = await app()
      .handle.db.insertInto('research_posts')
      .values({
        slug: `gone-${Date.now()}`,
        title: 'Gone',
        summary: 's',
        body: 'b',
        published_at: new Date(),
        author_id: admin.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await posted(premium, 'Soon gone.', { subject: `research:${post.id}` });
    expect((await client(admin).admin.research[':id'].$delete({ param: { id: post.id } })).status).toBe(204);
    const left = await app()
      .handle.db.selectFrom('comments')
      .select('id')
      .where('subject_key', '=', post.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('abuse limits', () => {
  it('refuses the same text twice, whatever its case and spacing', async () => {
    const dave = await named(await aged(await app().signedInUser()), 'Dave');
    await posted(dave, 'XRP to the moon', { subject: `news:${await newArticle()}` });
    const again = await post(dave, '  xrp   TO the moon ', { subject: `news:${await newArticle()}` });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe(communityMessages.duplicate);
  });

  it('refuses the same text again with invisible characters or lookalike letters in it', async () => {
    const dora = await named(await aged(await app().signedInUser()), 'Dora Duplicate');
    await posted(dora, 'Buy the dip today', { subject: `news:${await newArticle()}` });
    for (const body of [
      'Buy the\u200B dip today',
      'Buy the d\u00ADip\u2060 today\uFEFF',
      'Buy thе dip tоday',
    ]) {
      const again = await post(dora, body, { subject: `news:${await newArticle()}` });
      expect(again.status, body).toBe(409);
      expect(await errorOf(again)).toBe(communityMessages.duplicate);
    }
  });

  it('stores a comment without its invisible characters and direction marks', async () => {
    const ivy = await named(await aged(await app().signedInUser()), 'Ivy Invisible');
    const comment = await posted(ivy, '\u200FPrice\u200B up \u200E5%\u2060 today\uFEFF 👩\u200D💻', {
      subject: `news:${await newArticle()}`,
    });
    expect(comment.body).toBe('Price up 5% today 👩\u200D💻');
    const stored = await app()
      .handle.db.selectFrom('comments')
      .select('body')
      .where('id', '=', comment.id)
      .executeTakeFirstOrThrow();
    expect(stored.body).toBe('Price up 5% today 👩\u200D💻');
  });

  it('allows 10 comments in 10 minutes, even when sent at once', async () => {
    const eve = await named(await aged(await app().signedInUser()), 'Eve');
    const subject = `news:${await newArticle()}`;
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, index) => post(eve, `Point ${index}`, { subject })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(await errorOf(refused)).toMatch(
      /^You can post 10 comments in 10 minutes; try again in \d+ minutes?\.$/,
    );
  });

  it('allows a new account 3 comments in its first day', async () => {
    const fresh = await named(await app().signedInUser(), 'Fresh');
    const subject = `news:${await newArticle()}`;
    for (const body of ['one', 'two', 'three']) await posted(fresh, body, { subject });
    const fourth = await post(fresh, 'four', { subject });
    expect(fourth.status).toBe(429);
    expect(await errorOf(fourth)).toMatch(
      /^New accounts can post 3 comments in their first day; try again in \d+ hours?\.$/,
    );
  });
});

describe('reports and moderation', () => {
  it('hides a comment reported by three members, mails every admin, and shows moderators the text', async () => {
    const subject = `news:${await newArticle('Spam magnet')}`;
    const spam = await posted(alice, 'Buy my course at https://spam.example', { subject });
    const report = (member: Member) =>
      client(member).comments[':id'].reports.$post({ param: { id: spam.id }, json: { reason: 'spam' } });
    expect((await report(alice)).status).toBe(409);
    expect(await (await report(bob)).json()).toEqual({ hidden: false });
    const twice = await report(bob);
    expect(twice.status).toBe(409);
    expect(await errorOf(twice)).toBe(communityMessages.alreadyReported);
    expect(await (await report(carol)).json()).toEqual({ hidden: false });
    expect(await (await report(premium)).json()).toEqual({ hidden: true });
    await smtp().waitFor(admin.email, /Comment hidden after 3 reports: Spam or advertising/);
    await smtp().waitFor(admin.email, /^Comment reported: Spam or advertising$/);

    const seen = (await list(bob, subject)).comments[0]!;
    expect(seen).toMatchObject({ state: 'hidden', body: null, moderation: null });
    const moderated = (await list(admin, subject)).comments[0]!;
    expect(moderated).toMatchObject({
      state: 'hidden',
      body: 'Buy my course at https://spam.example',
      moderation: { openReports: 3, hiddenBy: 'reports', hiddenReason: null },
    });
    const queue = await (await client(admin).admin.comments.$get({ query: { filter: 'queue' } })).json();
    expect(queue.items.find((item) => item.id === spam.id)).toMatchObject({
      state: 'hidden',
      subjectTitle: 'Spam magnet',
      reports: expect.arrayContaining([expect.objectContaining({ reason: 'spam', open: true })]),
    });
  });

  it('hides, restores and deletes from the admin routes, each audited with it; members are refused', async () => {
    const subject = `news:${await newArticle()}`;
    const comment = await posted(bob, 'Borderline remark.', { subject });
    const id = { id: comment.id };
    expect(
      (await client(alice).admin.comments[':id'].hide.$post({ param: id, json: { reason: 'Rude' } })).status,
    ).toBe(403);
    expect((await client().admin.comments.$get({ query: {} })).status).toBe(401);
    expect(
      (await client(admin).admin.comments[':id'].hide.$post({ param: id, json: { reason: 'x' } })).status,
    ).toBe(422);
    expect(
      (await client(admin).admin.comments[':id'].hide.$post({ param: id, json: { reason: 'Rude tone' } }))
        .status,
    ).toBe(204);
    expect((await list(carol, subject)).comments[0]).toMatchObject({ state: 'hidden', body: null });
    expect((await client(admin).admin.comments[':id'].restore.$post({ param: id })).status).toBe(204);
    expect((await list(carol, subject)).comments[0]).toMatchObject({
      state: 'visible',
      body: 'Borderline remark.',
    });
    expect((await client(admin).admin.comments[':id'].$delete({ param: id })).status).toBe(204);
    expect((await list(carol, subject)).comments).toEqual([]);
    const audit = await app()
      .handle.db.selectFrom('admin_audit_logs')
      .select(['action_type', 'reason', 'target_user_id'])
      .where(sql<string>`old_value->>'comment'`, '=', comment.id)
      .orderBy('created_at')
      .execute();
    expect(audit).toEqual([
      { action_type: 'comment_hide', reason: 'Rude tone', target_user_id: bob.userId },
      { action_type: 'comment_restore', reason: null, target_user_id: bob.userId },
      { action_type: 'comment_delete', reason: null, target_user_id: bob.userId },
    ]);
  });

  it('stops a member from commenting with a reason they are shown, and lets them again', async () => {
    const troll = await named(await aged(await app().signedInUser()), 'Troll');
    const members = client(admin).admin.comments.members[':userId'];
    const stopped = await members.stop.$post({
      param: { userId: troll.userId },
      json: { reason: 'Repeated insults' },
    });
    expect(await stopped.json()).toMatchObject({ stoppedReason: 'Repeated insults' });
    const refused = await post(troll, 'Let me speak');
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe('An administrator stopped you from commenting: Repeated insults');
    expect((await list(troll)).participation.status).toBe('stopped');
    expect((await members.stop.$post({ param: { userId: 'nobody' }, json: { reason: 'Who?' } })).status).toBe(
      404,
    );
    await members.resume.$post({ param: { userId: troll.userId } });
    expect((await post(troll, 'Thanks, I will behave')).status).toBe(201);
    const actions = await app()
      .handle.db.selectFrom('admin_audit_logs')
      .select('action_type')
      .where('target_user_id', '=', troll.userId)
      .orderBy('created_at')
      .execute();
    expect(actions.map((row) => row.action_type)).toEqual(['commenting_stop', 'commenting_resume']);
  });

  it("lists one member's history, and searches text", async () => {
    const subject = `news:${await newArticle()}`;
    const frank = await named(await aged(await app().signedInUser()), 'Frank');
    await posted(frank, 'Frank on liquidity.', { subject });
    await posted(frank, 'Frank on custody.', { subject });
    const history = await (
      await client(admin).admin.comments.$get({ query: { filter: 'all', author: frank.userId } })
    ).json();
    expect(history.items.map((item) => item.body)).toEqual(['Frank on custody.', 'Frank on liquidity.']);
    const found = await (
      await client(admin).admin.comments.$get({ query: { filter: 'all', q: 'custody' } })
    ).json();
    expect(found.items.map((item) => item.body)).toContain('Frank on custody.');
  });
});

describe("a member's data", () => {
  it('exports their comments and likes, and deletion leaves "Deleted member" with the text removed', async () => {
    const leaver = await named(await aged(await app().signedInUser()), 'Leaver');
    const subject = `news:${await newArticle()}`;
    const mine = await posted(leaver, 'My two cents.', { subject });
    const other = await posted(alice, 'Reply-worthy.', { subject });
    await client(leaver).comments[':id'].like.$put({ param: { id: other.id } });
    await posted(bob, 'Answering the leaver.', { subject, parentId: mine.id });

    const exported = await (await app().request('/api/account/export', { cookie: leaver.cookie })).json();
    expect(exported.community.profile).toMatchObject({ displayName: 'Leaver' });
    expect(exported.community.comments).toEqual([
      expect.objectContaining({
        id: mine.id,
        text: 'My two cents.',
        subject,
        page: `/news/${subject.slice(5)}`,
      }),
    ]);
    expect(exported.community.likes).toEqual([expect.objectContaining({ commentId: other.id, subject })]);

    const deleted = await client(leaver).account.delete.$post({ json: { password: TEST_PASSWORD } });
    expect(deleted.status).toBe(200);
    const page = await list(carol, subject, 'oldest');
    expect(page.comments[0]).toMatchObject({
      id: mine.id,
      author: { displayName: null, staff: false },
      state: 'removed',
      body: null,
    });
    expect(page.comments[0]!.replies.map((item) => item.body)).toEqual(['Answering the leaver.']);
    const stored = await app()
      .handle.db.selectFrom('comments')
      .select(['body', 'author_id'])
      .where('id', '=', mine.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ body: '', author_id: null });
  });
});

describe('live updates', () => {
  it('announces a new comment to everyone reading its discussion, naming the subject and never the text', async () => {
    const subject = `news:${await newArticle()}`;
    const comment = await posted(alice, 'Live!', { subject });
    const event = await app()
      .handle.db.selectFrom('app_events')
      .select(['type', 'audience', 'payload'])
      .where('type', '=', 'comment')
      .where(sql<string>`payload->>'id'`, '=', comment.id)
      .executeTakeFirstOrThrow();
    expect(event).toEqual({
      type: 'comment',
      audience: 'public',
      payload: { id: comment.id, op: 'insert', subject },
    });
  });
});

describe('every route per role', () => {
  it('answers guest, unverified, free, premium, blocked, stopped and admin as the rules say', async () => {
    const unverified = await named(await aged(await app().signedInUser()), 'Unverified');
    await app()
      .handle.db.updateTable('user')
      .set({ emailVerified: false })
      .where('id', '=', unverified.userId)
      .execute();
    const blocked = await named(await aged(await app().signedInUser({ plan: 'premium' })), 'Blocked');
    await app()
      .handle.db.updateTable('profiles')
      .set({ blocked: true })
      .where('user_id', '=', blocked.userId)
      .execute();
    const stopped = await named(await aged(await app().signedInUser()), 'Stopped');
    await client(admin).admin.comments.members[':userId'].stop.$post({
      param: { userId: stopped.userId },
      json: { reason: 'Cooling off' },
    });
    const free = await named(await aged(await app().signedInUser()), 'Free');
    const paid = await named(await aged(await app().signedInUser({ plan: 'premium' })), 'Paid');
    const roles: [string, Member | undefined][] = [
      ['guest', undefined],
      ['unverified', unverified],
      ['free', free],
      ['premium', paid],
      ['blocked', blocked],
      ['stopped', stopped],
      ['admin', admin],
    ];
    const subject = `news:${await newArticle()}`;
    const poster = await named(await aged(await app().signedInUser()), 'Poster');
    const liked = { id: (await posted(poster, 'A comment to like.', { subject })).id };
    // Three reports hide a comment: each role reports its own, so none is hidden before the next acts.
    const toReport = [];
    for (const [index] of roles.entries())
      toReport.push({ id: (await posted(poster, `A comment to report, number ${index}.`, { subject })).id });
    const statuses: Record<string, number[]> = {};
    for (const [index, [role, member]] of roles.entries()) {
      const c = client(member);
      statuses[role] = [
        (await c.comments.$get({ query: { subject } })).status,
        (await c.comments.$get({ query: { subject: `research:${researchId}` } })).status,
        (await c.comments.$post({ json: { subject, body: `Hello from ${role}` } })).status,
        (await c.comments[':id'].like.$put({ param: liked })).status,
        (await c.comments[':id'].reports.$post({ param: toReport[index]!, json: { reason: 'other' } }))
          .status,
        (await c.community.profile.$get()).status,
        (await c.admin.comments.$get({ query: {} })).status,
      ];
    }
    // list news, list research, post, like, report, own profile, moderation queue
    expect(statuses).toEqual({
      guest: [200, 403, 401, 401, 401, 401, 401],
      unverified: [200, 403, 403, 403, 403, 200, 403],
      free: [200, 403, 201, 200, 201, 200, 403],
      premium: [200, 200, 201, 200, 201, 200, 403],
      blocked: [200, 403, 403, 403, 403, 403, 403],
      stopped: [200, 403, 403, 200, 201, 200, 403],
      admin: [200, 200, 201, 200, 201, 200, 200],
    });
  });
});

describe('a link to one comment', () => {
  it("answers the page holding the comment's thread, in either order", async () => {
    const subject = `news:${await newArticle()}`;
    const writers: Member[] = [];
    for (const name of ['Writer One', 'Writer Two', 'Writer Three'])
      writers.push(await named(await aged(await app().signedInUser()), name));
    const threads: Comment[] = [];
    // 25 threads: two pages of 20; created a second apart so the order is certain.
    for (let index = 0; index < 25; index += 1) {
      const comment = await posted(writers[index % writers.length]!, `Thread ${index}`, { subject });
      await app()
        .handle.db.updateTable('comments')
        .set({ created_at: new Date(Date.now() - (100 - index) * 1000) })
        .where('id', '=', comment.id)
        .execute();
      threads.push(comment);
    }
    const reply = await posted(writers[0]!, 'A reply deep down.', { subject, parentId: threads[2]!.id });
    const focused = async (order: 'newest' | 'oldest', focus: string) =>
      (await (await client(alice).comments.$get({ query: { subject, order, focus } })).json()) as CommentList;
    const newest = await focused('newest', reply.id);
    expect(newest.page).toBe(2);
    expect(newest.comments.map((item) => item.id)).toContain(threads[2]!.id);
    expect((await focused('oldest', reply.id)).page).toBe(1);
    expect((await focused('newest', threads[24]!.id)).page).toBe(1);
    // A comment of another discussion changes nothing.
    expect((await focused('newest', crypto.randomUUID())).page).toBe(1);
  });
});

describe('review fixes', () => {
  it('lets a member stopped from commenting neither edit nor rename', async () => {
    const member = await named(await aged(await app().signedInUser()), 'Soon Stopped');
    const subject = `news:${await newArticle()}`;
    const mine = await posted(member, 'Before the stop.', { subject });
    await client(admin).admin.comments.members[':userId'].stop.$post({
      param: { userId: member.userId },
      json: { reason: 'Spam' },
    });
    const page = await list(member, subject);
    expect(page.participation.status).toBe('stopped');
    expect(page.comments[0]).toMatchObject({ id: mine.id, mine: true, editableUntil: null });
    const edit = await client(member).comments[':id'].$patch({
      param: { id: mine.id },
      json: { body: 'spam spam' },
    });
    expect(edit.status).toBe(403);
    const rename = await client(member).community.profile.$put({ json: { displayName: 'Totally Ada' } });
    expect(rename.status).toBe(403);
    expect(await errorOf(rename)).toBe('An administrator stopped you from commenting: Spam');
  });

  it('keeps names to one member and names that pass for the team to the team; strips direction overrides', async () => {
    const first = await named(await aged(await app().signedInUser()), 'Unique Name');
    const second = await aged(await app().signedInUser());
    const taken = await client(second).community.profile.$put({ json: { displayName: 'unique NAME' } });
    expect(taken.status).toBe(409);
    expect(await errorOf(taken)).toBe(communityMessages.nameTaken);
    const reserved = await client(second).community.profile.$put({
      json: { displayName: 'Ada (XRP Research)' },
    });
    expect(reserved.status).toBe(422);
    expect(
      (await client(admin).community.profile.$put({ json: { displayName: 'XRP Research Desk' } })).status,
    ).toBe(200);
    await named(second, 'gnp\u202E.exe');
    expect((await (await client(second).community.profile.$get()).json()).displayName).toBe('gnp.exe');
    // Keeping one's own name (in another case) is no conflict.
    expect(
      (await client(first).community.profile.$put({ json: { displayName: 'UNIQUE name' } })).status,
    ).toBe(200);
  });

  it('keeps a name to one member by how it looks: lookalike letters, invisible characters and case make no new name', async () => {
    await named(await aged(await app().signedInUser()), 'Member a');
    const second = await aged(await app().signedInUser());
    for (const displayName of ['Memb\u0435r a', 'MEMBER A', 'Mem\u200Bber a', 'Ｍember a']) {
      const taken = await client(second).community.profile.$put({ json: { displayName } });
      expect(taken.status, displayName).toBe(409);
      expect(await taken.json()).toEqual({
        error: {
          code: 'conflict',
          message: communityMessages.nameTaken,
          issues: [{ path: 'displayName', message: communityMessages.nameTaken }],
        },
      });
    }
    await named(await aged(await app().signedInUser()), 'Bill Lookalike');
    const capitalI = await client(second).community.profile.$put({ json: { displayName: 'BiII Lookalike' } });
    expect(capitalI.status).toBe(409);
    // Names in any script stay open to whoever has none like them.
    await named(second, 'Мария');
    await named(await aged(await app().signedInUser()), '王小明');
    expect((await (await client(second).community.profile.$get()).json()).displayName).toBe('Мария');
  });

  it('refuses lookalike names of the team and of members even when saved at the same moment', async () => {
    const [first, second] = await Promise.all([
      aged(await app().signedInUser()),
      aged(await app().signedInUser()),
    ]);
    for (const displayName of ['\u0430dmin', 'Mod\u0435rator', 'Админ']) {
      const reserved = await client(first).community.profile.$put({ json: { displayName } });
      expect(reserved.status, displayName).toBe(422);
      expect(await errorOf(reserved)).toBe(communityMessages.nameReserved);
    }
    const answers = await Promise.all([
      client(first).community.profile.$put({ json: { displayName: 'Same Moment' } }),
      client(second).community.profile.$put({ json: { displayName: 'Samе Mоment' } }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it('says when to try again (Retry-After), puts the reply first in the notification, and refuses reporting a hidden comment', async () => {
    const fresh = await named(await app().signedInUser(), 'Fresh Again');
    const subject = `news:${await newArticle('A very long article title that goes on')}`;
    for (const body of ['a', 'b', 'c']) await posted(fresh, body, { subject });
    const refused = await post(fresh, 'd', { subject });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);

    const top = await posted(carol, 'Carol asks.', { subject });
    await posted(bob, 'Bob answers first.', { subject, parentId: top.id });
    const note = (await bell(carol)).items.find((item) => item.title === 'Bob replied to your comment')!;
    expect(note.body).toBe('Bob answers first. — on “A very long article title that goes on”');

    await client(admin).admin.comments[':id'].hide.$post({
      param: { id: top.id },
      json: { reason: 'Off topic' },
    });
    const report = await client(alice).comments[':id'].reports.$post({
      param: { id: top.id },
      json: { reason: 'spam' },
    });
    expect(report.status).toBe(409);
    // Its author is told who hid it and why; others only that a moderator did.
    const seenByCarol = (await list(carol, subject)).comments.find((item) => item.id === top.id)!;
    expect(seenByCarol).toMatchObject({ hiddenBy: 'moderator', hiddenNote: 'Off topic', body: null });
    const seenByAlice = (await list(alice, subject)).comments.find((item) => item.id === top.id)!;
    expect(seenByAlice).toMatchObject({ hiddenBy: 'moderator', hiddenNote: null });
  });

  it('tells only those who can read a research post how many comments it has', async () => {
    const subject = `research:${researchId}`;
    const counts = async (member?: Member) => {
      const response = await client(member).comments.counts.$get({
        query: { subjects: `${subject},${news}` },
      });
      return ((await response.json()) as { counts: Record<string, number> }).counts;
    };
    expect(Object.keys(await counts(alice))).toEqual([news]);
    expect(Object.keys(await counts())).toEqual([news]);
    expect(Object.keys(await counts(premium)).sort()).toEqual([news, subject].sort());
  });

  it("clears a deleted member's reported comments from the queue and their replies from others' bells", async () => {
    const leaving = await named(await aged(await app().signedInUser()), 'Gina Leaving');
    const subject = `news:${await newArticle()}`;
    const starter = await named(await aged(await app().signedInUser()), 'Starter');
    const top = await posted(starter, 'Starter starts.', { subject });
    const reply = await posted(leaving, 'Gina replies.', { subject, parentId: top.id });
    const gina = (item: { title: string }) => item.title === 'Gina Leaving replied to your comment';
    await client(bob).comments[':id'].reports.$post({ param: { id: reply.id }, json: { reason: 'spam' } });
    expect((await bell(starter)).items.some(gina)).toBe(true);
    expect((await client(leaving).account.delete.$post({ json: { password: TEST_PASSWORD } })).status).toBe(
      200,
    );
    expect((await bell(starter)).items.some(gina)).toBe(false);
    const queue = await (await client(admin).admin.comments.$get({ query: { filter: 'queue' } })).json();
    expect(queue.items.map((item) => item.id)).not.toContain(reply.id);
  });
});
