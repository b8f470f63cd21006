import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '@/domain/alerts/alerts.schema';
import {
  DEFAULT_RESPONSE_TIME,
  MAX_OPEN_QUESTIONS,
  questionMessages,
  type InboxList,
  type InboxThread,
  type MyQuestions,
  type QuestionThread,
} from '@/domain/questions/questions.schema';
import { createLogger } from '../../lib/logger';
import { deliverDue } from '../../shared/notifications/deliveries';
import { setUserRole } from '../users';
import { useTestAppWithSmtp } from '../../../../tests/support/test-app-with-smtp';

const { app, smtp } = useTestAppWithSmtp();

type Member = { cookie: string; email: string; userId: string };
let admin: Member;
let analyst: Member;
let quietAnalyst: Member;
let alice: Member;
let bob: Member;

const client = (member: Member) => app().client(member.cookie);
const delivery = () => ({
  db: app().handle.db,
  logger: createLogger('silent'),
  mailer: app().deps.mailer,
  push: null,
  publicUrl: app().env.PUBLIC_URL,
  secret: app().deps.alerts.unsubscribeSecret,
});

async function ask(
  member: Member,
  subject: string,
  extra: { body?: string; topic?: 'market' | 'regulation' | 'technical' | 'portfolio' } = {},
) {
  const response = await client(member).questions.$post({
    json: { subject, body: extra.body ?? `Details about ${subject}.`, topic: extra.topic ?? null },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as QuestionThread;
}

async function mine(member: Member): Promise<MyQuestions> {
  const response = await client(member).questions.$get();
  expect(response.status).toBe(200);
  return (await response.json()) as MyQuestions;
}

async function thread(member: Member, id: string) {
  return client(member).questions[':id'].$get({ param: { id } });
}

async function inbox(member: Member, query: Record<string, string> = {}): Promise<InboxList> {
  const response = await client(member).inbox.questions.$get({ query });
  expect(response.status).toBe(200);
  return (await response.json()) as InboxList;
}

async function analystSays(member: Member, id: string, body: string, internal = false) {
  const response = await client(member).inbox.questions[':id'].messages.$post({
    param: { id },
    json: { body, internal },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as InboxThread;
}

async function closeAll(member: Member) {
  for (const question of (await mine(member)).questions.filter((item) => item.status !== 'closed'))
    await client(member).questions[':id'].close.$post({ param: { id: question.id } });
}

beforeAll(async () => {
  admin = await app().signedInUser({ role: 'admin', name: 'Ada Admin' });
  analyst = await app().signedInUser({ role: 'analyst', name: 'Nina Analyst' });
  quietAnalyst = await app().signedInUser({ role: 'analyst', name: 'Quiet Analyst' });
  alice = await app().signedInUser({ plan: 'premium', name: 'Alice Member' });
  bob = await app().signedInUser({ plan: 'complimentary', name: 'Bob Member' });
  const off = await client(quietAnalyst).inbox.settings.$put({ json: { emailNewQuestions: false } });
  expect(await off.json()).toEqual({ emailNewQuestions: false });
});

describe('asking (Premium)', () => {
  it('stores the question, lists it as open, and mails each analyst who wants it, with a link to it', async () => {
    const question = await ask(alice, 'Is the ETF flow real?', {
      body: 'See https://example.com/etf — what do you make of it?',
      topic: 'market',
    });
    expect(question).toMatchObject({ subject: 'Is the ETF flow real?', topic: 'market', status: 'open' });
    expect(question.messages).toEqual([
      expect.objectContaining({
        author: 'member',
        internal: false,
        body: 'See https://example.com/etf — what do you make of it?',
      }),
    ]);
    const list = await mine(alice);
    expect(list.questions.map((item) => item.id)).toContain(question.id);
    expect(list).toMatchObject({ canAsk: true, premium: true, maxOpen: MAX_OPEN_QUESTIONS });
    expect(list.responseTime).toBe(DEFAULT_RESPONSE_TIME);

    const link = `${app().env.PUBLIC_URL}/admin?tab=inbox&question=${question.id}`;
    for (const who of [admin, analyst]) {
      const mail = await smtp().waitFor(who.email, /^New question: Is the ETF flow real\?$/);
      expect(mail.text).toContain('Alice Member asked the analysts a question (Market).');
      expect(mail.text).toContain(link);
    }
    expect(smtp().mails.filter((mail) => mail.to.includes(quietAnalyst.email))).toEqual([]);
    expect(smtp().mails.filter((mail) => mail.to.includes(alice.email))).toEqual([]);
  });

  it('refuses a free member with the reason, before reading the form', async () => {
    const free = await app().signedInUser();
    const response = await client(free).questions.$post({ json: { subject: '', body: '' } });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { message: questionMessages.premium } });
    expect(await mine(free)).toMatchObject({
      questions: [],
      canAsk: false,
      premium: false,
      cannotAskReason: questionMessages.premium,
    });
  });

  it('refuses an empty subject or question and an unknown topic with 422', async () => {
    const blank = await client(bob).questions.$post({ json: { subject: '  ', body: 'x' } });
    expect(blank.status).toBe(422);
    expect(await blank.text()).toContain('Write your subject');
    const topic = await app().request('/api/questions', {
      method: 'POST',
      cookie: bob.cookie,
      json: { subject: 'A subject', body: 'A body', topic: 'gossip' },
    });
    expect(topic.status).toBe(422);
    const long = await client(bob).questions.$post({ json: { subject: 'Long', body: 'x'.repeat(5001) } });
    expect(long.status).toBe(422);
  });

  it('allows five open questions at once; closing one makes room', async () => {
    const carol = await app().signedInUser({ plan: 'premium' });
    const asked: QuestionThread[] = [];
    for (let index = 1; index <= MAX_OPEN_QUESTIONS; index += 1)
      asked.push(await ask(carol, `Question ${index}`));
    const sixth = await client(carol).questions.$post({ json: { subject: 'Sixth', body: 'One more' } });
    expect(sixth.status).toBe(409);
    expect(await sixth.json()).toMatchObject({ error: { message: questionMessages.tooManyOpen } });
    expect(await mine(carol)).toMatchObject({
      openCount: 5,
      canAsk: false,
      cannotAskReason: questionMessages.tooManyOpen,
    });
    // An answered question still counts as open.
    await analystSays(analyst, asked[0]!.id, 'Answered.');
    expect((await client(carol).questions.$post({ json: { subject: 'Sixth', body: 'x' } })).status).toBe(409);

    const closed = await client(carol).questions[':id'].close.$post({ param: { id: asked[1]!.id } });
    expect(closed.status).toBe(200);
    expect(await closed.json()).toMatchObject({ status: 'closed' });
    await ask(carol, 'Sixth, now that there is room');
    await closeAll(carol);
  });
});

describe('limits', () => {
  it('counts the questions asked toward 10 a day, not the refused attempts', async () => {
    const gil = await app().signedInUser({ plan: 'premium' });
    for (let index = 1; index <= MAX_OPEN_QUESTIONS; index += 1) await ask(gil, `Batch one ${index}`);
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await client(gil).questions.$post({ json: { subject: 'Over', body: 'x' } })).status).toBe(409);
    await closeAll(gil);
    for (let index = 1; index <= 5; index += 1) await ask(gil, `Batch two ${index}`);
    await closeAll(gil);
    const eleventh = await client(gil).questions.$post({ json: { subject: 'Eleventh', body: 'x' } });
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(await eleventh.json()).toMatchObject({
      error: { message: 'You can ask 10 questions a day; try again in 24 hours' },
    });
  });

  it('an analyst cannot reopen a question past the member’s five open ones', async () => {
    const hal = await app().signedInUser({ plan: 'premium' });
    const first = await ask(hal, 'Closed early');
    await client(hal).questions[':id'].close.$post({ param: { id: first.id } });
    for (let index = 1; index <= MAX_OPEN_QUESTIONS; index += 1) await ask(hal, `Open ${index}`);
    const reopen = await client(analyst).inbox.questions[':id'].$patch({
      param: { id: first.id },
      json: { status: 'open' },
    });
    expect(reopen.status).toBe(409);
    expect(await reopen.json()).toMatchObject({ error: { message: questionMessages.reopenOverLimit } });
    expect((await mine(hal)).openCount).toBe(MAX_OPEN_QUESTIONS);
    await closeAll(hal);
  });

  it('keeps a subject on one line, and a staff member does not answer their own question', async () => {
    const staff = await app().signedInUser({ role: 'analyst', plan: 'premium' });
    const question = await ask(staff, 'Hello\r\nBcc: someone@example.com');
    expect(question.subject).toBe('Hello Bcc: someone@example.com');
    const own = await client(staff).inbox.questions[':id'].messages.$post({
      param: { id: question.id },
      json: { body: 'Answering myself', internal: false },
    });
    expect(own.status).toBe(409);
    expect(await own.json()).toMatchObject({ error: { message: questionMessages.ownQuestion } });
    await closeAll(staff);
  });
});

describe('privacy between members', () => {
  it('one member cannot read, reply to or close another member’s question: it does not exist for them', async () => {
    const question = await ask(alice, 'Private matter');
    const read = await thread(bob, question.id);
    expect(read.status).toBe(404);
    const reply = await client(bob).questions[':id'].messages.$post({
      param: { id: question.id },
      json: { body: 'Hi' },
    });
    expect(reply.status).toBe(404);
    const close = await client(bob).questions[':id'].close.$post({ param: { id: question.id } });
    expect(close.status).toBe(404);
    expect((await mine(bob)).questions.map((item) => item.id)).not.toContain(question.id);
    expect((await thread(alice, question.id)).status).toBe(200);
  });

  it('an internal note never reaches the member: not the thread, the list’s activity time, the bell or the export', async () => {
    const question = await ask(alice, 'Note test');
    const before = (await mine(alice)).questions.find((item) => item.id === question.id)!;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const noted = await analystSays(analyst, question.id, 'Internal: she holds a lot, be careful', true);
    expect(noted.messages.at(-1)).toMatchObject({
      internal: true,
      author: 'analyst',
      authorName: 'Nina Analyst',
    });
    expect(noted.status).toBe('open');

    const seen = (await (await thread(alice, question.id)).json()) as QuestionThread;
    expect(seen.messages.map((message) => message.body)).toEqual([question.messages[0]!.body]);
    const listed = (await mine(alice)).questions.find((item) => item.id === question.id)!;
    expect(listed.lastActivityAt).toBe(before.lastActivityAt);
    const bell = (await (await client(alice).notifications.$get({ query: {} })).json()) as NotificationList;
    expect(JSON.stringify(bell)).not.toContain('be careful');
    const exported = await (await client(alice).account.export.$get()).text();
    expect(exported).toContain('Note test');
    expect(exported).not.toContain('be careful');
  });
});

describe('the analyst inbox', () => {
  it('an analyst’s reply answers the question, assigns it, and notifies the member in the app and by mail', async () => {
    const question = await ask(alice, 'When is the next unlock?', { topic: 'technical' });
    expect((await inbox(analyst)).questions.map((item) => item.id)).toContain(question.id);

    const answered = await analystSays(
      analyst,
      question.id,
      'On the first of the month. Details: https://xrpl.org',
    );
    expect(answered).toMatchObject({
      status: 'answered',
      assignee: { id: analyst.userId, name: 'Nina Analyst' },
      lastMessageBy: 'analyst',
      member: { email: alice.email, plan: 'premium', name: 'Alice Member' },
    });
    expect(answered.firstResponseAt).not.toBeNull();
    expect((await inbox(analyst)).questions.map((item) => item.id)).not.toContain(question.id);
    expect((await inbox(analyst, { view: 'mine' })).questions.map((item) => item.id)).toContain(question.id);

    const bell = (await (await client(alice).notifications.$get({ query: {} })).json()) as NotificationList;
    expect(bell.items.find((item) => item.url === `/ask?question=${question.id}`)).toMatchObject({
      type: 'answer',
      title: 'Nina Analyst answered “When is the next unlock?”',
    });
    await deliverDue(delivery());
    const mail = await smtp().waitFor(alice.email, /^Nina Analyst answered “When is the next unlock\?”$/);
    expect(mail.text).toContain('On the first of the month.');
    expect(mail.text).toContain(`${app().env.PUBLIC_URL}/ask?question=${question.id}`);

    // The member replies: it waits for an analyst again; then closes it.
    const replied = await client(alice).questions[':id'].messages.$post({
      param: { id: question.id },
      json: { body: 'Thanks! And the one after?' },
    });
    expect(replied.status).toBe(201);
    expect(await replied.json()).toMatchObject({ status: 'open' });
    // Its assignee hears of it; nobody else does.
    const followUp = await smtp().waitFor(analyst.email, /^Member replied: When is the next unlock\?$/);
    expect(followUp.text).toContain('Thanks! And the one after?');
    expect(
      smtp().mails.filter(
        (mail) => mail.to.includes(admin.email) && mail.subject.startsWith('Member replied'),
      ),
    ).toEqual([]);
    expect((await inbox(analyst, { view: 'mine', status: 'open' })).questions[0]).toMatchObject({
      id: question.id,
      lastMessageBy: 'member',
    });
    await client(alice).questions[':id'].close.$post({ param: { id: question.id } });
    const late = await client(alice).questions[':id'].messages.$post({
      param: { id: question.id },
      json: { body: 'x' },
    });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ error: { message: questionMessages.closed } });
    // A closed question takes notes but no reply until an analyst reopens it.
    const closedReply = await client(analyst).inbox.questions[':id'].messages.$post({
      param: { id: question.id },
      json: { body: 'Late answer', internal: false },
    });
    expect(closedReply.status).toBe(409);
    await analystSays(analyst, question.id, 'Closed by the member after our answer.', true);
    const reopened = await client(analyst).inbox.questions[':id'].$patch({
      param: { id: question.id },
      json: { status: 'open' },
    });
    // The member wrote last (notes do not count): it waits for an answer again.
    expect(await reopened.json()).toMatchObject({ status: 'open', closedAt: null });
  });

  it('filters by view, status and topic, and counts what is not closed in each view', async () => {
    const regulation = await ask(bob, 'SEC question', { topic: 'regulation' });
    const market = await ask(bob, 'Market question', { topic: 'market' });
    const both = await inbox(admin, { view: 'all', topic: 'regulation' });
    expect(both.questions.map((item) => item.id)).toContain(regulation.id);
    expect(both.questions.map((item) => item.id)).not.toContain(market.id);
    expect(both.questions.every((item) => item.topic === 'regulation')).toBe(true);
    const assigned = await client(admin).inbox.questions[':id'].$patch({
      param: { id: market.id },
      json: { assigneeId: quietAnalyst.userId },
    });
    expect(assigned.status).toBe(200);
    expect(await assigned.json()).toMatchObject({ assignee: { id: quietAnalyst.userId } });
    const quiet = await inbox(quietAnalyst, { view: 'mine' });
    expect(quiet.questions.map((item) => item.id)).toEqual([market.id]);
    expect(quiet.counts.mine).toBe(1);
    const all = await inbox(quietAnalyst, { view: 'all' });
    expect(all.counts.all).toBeGreaterThanOrEqual(all.counts.unassigned + quiet.counts.mine);
    expect(all.counts.unassigned).toBeGreaterThan(0);
    const active = await inbox(admin, { view: 'all', status: 'active' });
    expect(active.questions.map((item) => item.id)).toEqual(
      expect.arrayContaining([regulation.id, market.id]),
    );
    expect(active.questions.every((item) => item.status !== 'closed')).toBe(true);
    const closed = await inbox(admin, { view: 'all', status: 'closed' });
    expect(closed.questions.every((item) => item.status === 'closed')).toBe(true);
    expect(closed.questions.length).toBeGreaterThan(0);
    // Only analysts can be assigned.
    const toMember = await client(admin).inbox.questions[':id'].$patch({
      param: { id: market.id },
      json: { assigneeId: bob.userId },
    });
    expect(toMember.status).toBe(422);
    expect(await toMember.json()).toMatchObject({ error: { message: questionMessages.notAnalyst } });
    const unassigned = await client(admin).inbox.questions[':id'].$patch({
      param: { id: market.id },
      json: { assigneeId: null },
    });
    expect(await unassigned.json()).toMatchObject({ assignee: null });
    const analysts = (await (await client(analyst).inbox.analysts.$get()).json()) as {
      analysts: { id: string }[];
    };
    expect(analysts.analysts.map((item) => item.id)).toEqual(
      expect.arrayContaining([admin.userId, analyst.userId, quietAnalyst.userId]),
    );
    expect(analysts.analysts.map((item) => item.id)).not.toContain(bob.userId);
    await closeAll(bob);
  });

  it('shows the member’s plan and join date beside the thread, and every note to analysts', async () => {
    const question = await ask(bob, 'Who am I?');
    await analystSays(analyst, question.id, 'Team only', true);
    const response = await client(admin).inbox.questions[':id'].$get({ param: { id: question.id } });
    const seen = (await response.json()) as InboxThread;
    expect(seen.member).toMatchObject({ id: bob.userId, plan: 'complimentary', email: bob.email });
    expect(Date.parse(seen.member.joinedAt)).toBeLessThanOrEqual(Date.now());
    // The note aside, the member wrote last: the question still waits for a reply.
    expect(seen.lastMessageBy).toBe('member');
    expect(seen.messages.map((message) => [message.author, message.internal])).toEqual([
      ['member', false],
      ['analyst', true],
    ]);
    await closeAll(bob);
  });
});

describe('plans and roles', () => {
  it('a member who downgrades keeps reading their questions but cannot ask or reply', async () => {
    const dana = await app().signedInUser({ plan: 'premium' });
    const question = await ask(dana, 'Before the downgrade');
    await app()
      .handle.db.updateTable('profiles')
      .set({ subscription_plan: 'free' })
      .where('user_id', '=', dana.userId)
      .execute();
    expect((await thread(dana, question.id)).status).toBe(200);
    expect(await mine(dana)).toMatchObject({ canAsk: false, cannotAskReason: questionMessages.premium });
    const reply = await client(dana).questions[':id'].messages.$post({
      param: { id: question.id },
      json: { body: 'Hi' },
    });
    expect(reply.status).toBe(403);
    expect(await reply.json()).toMatchObject({ error: { message: questionMessages.premiumToReply } });
    expect((await client(dana).questions.$post({ json: { subject: 'After', body: 'x' } })).status).toBe(403);
    expect((await client(dana).questions[':id'].close.$post({ param: { id: question.id } })).status).toBe(
      200,
    );
  });

  it('an admin grants and removes the analyst role (audited); the inbox opens and closes with it', async () => {
    const erin = await app().signedInUser({ name: 'Erin' });
    expect((await client(erin).inbox.questions.$get({ query: {} })).status).toBe(403);
    const granted = await client(admin).admin.users[':userId'].$patch({
      param: { userId: erin.userId },
      json: { role: 'analyst' },
    });
    expect(granted.status).toBe(200);
    expect(await granted.json()).toMatchObject({ role: 'analyst' });
    expect((await client(erin).inbox.questions.$get({ query: {} })).status).toBe(200);
    const session = await (await client(erin).session.$get()).json();
    expect(session).toMatchObject({ role: 'analyst', isAnalyst: true, isAdmin: false });

    const question = await ask(bob, 'For Erin');
    await client(admin).inbox.questions[':id'].$patch({
      param: { id: question.id },
      json: { assigneeId: erin.userId },
    });
    const removed = await client(admin).admin.users[':userId'].$patch({
      param: { userId: erin.userId },
      json: { role: 'user' },
    });
    expect(await removed.json()).toMatchObject({ role: 'user' });
    expect((await client(erin).inbox.questions.$get({ query: {} })).status).toBe(403);
    // Her question waits unassigned for the other analysts.
    const after = (await (
      await client(admin).inbox.questions[':id'].$get({ param: { id: question.id } })
    ).json()) as InboxThread;
    expect(after.assignee).toBeNull();
    const audit = await app()
      .handle.db.selectFrom('admin_audit_logs')
      .select(['action_type', 'old_value', 'new_value'])
      .where('target_user_id', '=', erin.userId)
      .orderBy('created_at')
      .execute();
    expect(audit.map((row) => [row.action_type, row.old_value, row.new_value])).toEqual([
      ['role_change', { role: 'user' }, { role: 'analyst' }],
      ['role_change', { role: 'analyst' }, { role: 'user' }],
    ]);
    await closeAll(bob);
  });

  it('blocking an analyst leaves their questions unassigned for the others', async () => {
    const ivy = await app().signedInUser({ role: 'analyst' });
    const question = await ask(bob, 'For Ivy');
    await client(admin).inbox.questions[':id'].$patch({
      param: { id: question.id },
      json: { assigneeId: ivy.userId },
    });
    const blocked = await client(admin).admin.users[':userId'].$patch({
      param: { userId: ivy.userId },
      json: { blocked: true, reason: 'Left the team' },
    });
    expect(blocked.status).toBe(200);
    const after = (await (
      await client(admin).inbox.questions[':id'].$get({ param: { id: question.id } })
    ).json()) as InboxThread;
    expect(after.assignee).toBeNull();
    await closeAll(bob);
  });

  it('an administrator’s role is not changed from the dashboard; the CLI makes analysts too', async () => {
    const other = await app().signedInUser({ role: 'admin' });
    const response = await client(admin).admin.users[':userId'].$patch({
      param: { userId: other.userId },
      json: { role: 'user' },
    });
    expect(response.status).toBe(409);
    const fay = await app().signedInUser();
    await setUserRole(app().handle.db, fay.email, 'analyst');
    expect((await client(fay).inbox.questions.$get({ query: {} })).status).toBe(200);
  });
});

describe('metrics in the admin overview', () => {
  it('reports open questions, the median and 90th percentile first response over 30 days, and questions per week', async () => {
    const db = app().handle.db;
    await db.deleteFrom('analyst_questions').execute();
    const now = Date.now();
    const HOUR = 3_600_000;
    const DAY = 24 * HOUR;
    // Asked 1, 2, …, 10 days ago; answered after 1 … 10 hours; one unanswered; one asked 40 days ago.
    for (let index = 1; index <= 10; index += 1)
      await db
        .insertInto('analyst_questions')
        .values({
          user_id: alice.userId,
          subject: `Q${index}`,
          status: 'answered',
          created_at: new Date(now - index * DAY),
          last_activity_at: new Date(now - index * DAY + index * HOUR),
          first_response_at: new Date(now - index * DAY + index * HOUR),
        })
        .execute();
    await db
      .insertInto('analyst_questions')
      .values({
        user_id: bob.userId,
        subject: 'Waiting',
        created_at: new Date(now - 2 * HOUR),
        last_activity_at: new Date(now - 2 * HOUR),
      })
      .execute();
    await db
      .insertInto('analyst_questions')
      .values({
        user_id: bob.userId,
        subject: 'Old',
        status: 'closed',
        created_at: new Date(now - 40 * DAY),
        last_activity_at: new Date(now - 40 * DAY),
        first_response_at: new Date(now - 39 * DAY),
        closed_at: new Date(now - 39 * DAY),
      })
      .execute();
    const overview = await (await client(admin).admin.overview.$get()).json();
    expect(overview.questions).toMatchObject({
      open: 11,
      awaitingReply: 1,
      answeredLast30Days: 10,
      askedLast30Days: 11,
      firstResponseMedianSeconds: 5.5 * 3600,
      firstResponseP90Seconds: 9.1 * 3600,
    });
    // Days 0–7 ago: the waiting one and days 1–6; 7–14: days 7–10 (day 7 is exactly a week ago).
    expect(overview.questions.weeks.map((week) => week.count)).toEqual([7, 4, 0, 0]);
    expect(Date.parse(overview.questions.weeks[0]!.end)).toBeGreaterThan(
      Date.parse(overview.questions.weeks[0]!.start),
    );
  });

  it('says nothing is known when no question was answered in 30 days', async () => {
    await app().handle.db.deleteFrom('analyst_questions').execute();
    const overview = await (await client(admin).admin.overview.$get()).json();
    expect(overview.questions).toMatchObject({
      open: 0,
      firstResponseMedianSeconds: null,
      firstResponseP90Seconds: null,
      weeks: [{ count: 0 }, { count: 0 }, { count: 0 }, { count: 0 }],
    });
  });
});
