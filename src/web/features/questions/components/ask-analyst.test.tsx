// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { questionMessages } from '@/domain/questions/questions.schema';
import { freezeDate } from '../../../../../tests/support/clock';
import { bodies, problemAt } from '../../../../../tests/support/forms';
import { member } from '../../../../../tests/support/members';
import {
  holdAnswers,
  renderApp,
  ZoneProbe,
  zoneApplied,
  type RenderAppOptions,
} from '../../../../../tests/support/render-app';
import {
  analystAnswer,
  frontToast,
  message,
  myQuestions,
  NEW_ID,
  OTHER_ID,
  QUESTION_ID,
  summary,
  thread,
} from '../test-fixtures';
import { AskAnalyst } from './ask-analyst';

const NOW = new Date('2026-11-25T12:00:00.000Z');
freezeDate(NOW);

// Day first in Tokyo: the zone shows the member's preferences have arrived (a test runs in UTC).
const premium = member({ plan: 'premium', timezone: 'Asia/Tokyo', preferences: { dateFormat: 'EU' } });
const free = member({ plan: 'free', timezone: 'Asia/Tokyo', preferences: { dateFormat: 'EU' } });

/** The address bar, as the member (and the emails' links) see it. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderAsk(who: ReturnType<typeof member>, api: RenderAppOptions['api'] = {}, route = '/ask') {
  return renderApp(
    <>
      <ZoneProbe />
      <LocationProbe />
      <AskAnalyst userId={who.session.user!.id} />
    </>,
    {
      route,
      session: who.session,
      api: {
        ...who.api,
        'GET /api/questions': myQuestions(),
        [`GET /api/questions/${QUESTION_ID}`]: thread(),
        ...api,
      },
      toasts: true,
    },
  );
}

const askForm = () => within(screen.getByRole('form', { name: 'Ask a question' }));
const location = () => screen.getByTestId('location').textContent;
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const threadRegion = () => screen.findByRole('region', { name: thread().subject });
const writes = (requests: string[]) => requests.filter((request) => !request.startsWith('GET'));

describe('AskAnalyst: a Premium member', () => {
  it('is told the promised reply time and the limit, and sees their questions with badges', async () => {
    renderAsk(premium, {
      'GET /api/questions': myQuestions({
        questions: [summary(), summary({ id: OTHER_ID, subject: 'MiCA', topic: null, status: 'closed' })],
      }),
    });
    await zoneApplied('Asia/Tokyo');
    await screen.findByRole('form', { name: 'Ask a question' });
    expect(document.body.textContent).toContain(
      'Our analysts reply within one business day. You can have at most 5 open questions at once.',
    );
    expect(screen.getByText('1 of 5 open')).toBeTruthy();
    const items = screen.getAllByTestId('question-item').map((item) => item.textContent);
    expect(items).toEqual([
      'Will the ETF inflows hold up?AnsweredMarketLast activity 2h ago',
      'MiCAClosedLast activity 2h ago',
    ]);
    expect(screen.getByRole('link', { name: /MiCA/ }).getAttribute('href')).toBe(`/ask?question=${OTHER_ID}`);
  });

  it('asks: the trimmed question is sent, the new thread opens and a toast confirms', async () => {
    const sent = bodies();
    const asked = thread({
      id: NEW_ID,
      subject: 'Is the ODL corridor growing?',
      topic: 'regulation',
      status: 'open',
      messages: [message({ body: 'Volumes look higher.' })],
    });
    const view = renderAsk(premium, {
      'POST /api/questions': (request: Request) => {
        sent.record(request);
        return { status: 201, body: asked };
      },
    });
    await screen.findByRole('form', { name: 'Ask a question' });
    type(askForm().getByLabelText('Subject'), '  Is the ODL corridor growing? ');
    fireEvent.change(askForm().getByLabelText('Topic (optional)'), { target: { value: 'regulation' } });
    type(askForm().getByLabelText('Your question'), 'Volumes look higher.');
    fireEvent.click(askForm().getByRole('button', { name: 'Send question' }));
    const heading = await screen.findByRole('heading', { name: 'Is the ODL corridor growing?' });
    expect(await sent.all()).toEqual([
      { subject: 'Is the ODL corridor growing?', body: 'Volumes look higher.', topic: 'regulation' },
    ]);
    expect(location()).toBe(`/ask?question=${NEW_ID}`);
    // Picked on this page: the thread takes the focus.
    expect(document.activeElement).toBe(heading);
    const shown = within(screen.getByRole('region', { name: 'Is the ODL corridor growing?' }));
    expect(shown.getByText('Open')).toBeTruthy();
    expect(shown.getByText('Regulation')).toBeTruthy();
    expect(
      shown.getByText('Waiting for an analyst: our analysts reply within one business day.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(frontToast()).toBe(
        'Question sentOur analysts reply within one business day. You will be notified of their answer.',
      ),
    );
    // The thread came with the answer: it is not read again.
    expect(view.requests).not.toContain(`GET /api/questions/${NEW_ID}`);
  });

  it('sends no topic as null, and checks the fields with the API’s rules before sending', async () => {
    const view = renderAsk(premium);
    await screen.findByRole('form', { name: 'Ask a question' });
    const subject = askForm().getByLabelText('Subject');
    const body = askForm().getByLabelText('Your question');
    type(subject, 'x'.repeat(151));
    // The counter shows near the limit, and says by how much it is over.
    expect(askForm().getByText('151 / 150 (1 over the limit)')).toBeTruthy();
    fireEvent.click(askForm().getByRole('button', { name: 'Send question' }));
    await waitFor(() =>
      expect(problemAt(subject)).toBe(
        '151 / 150 (1 over the limit) Keep your subject to 150 characters or fewer',
      ),
    );
    expect(problemAt(body)).toBe('Plain text; links are fine. Write your question');
    expect(writes(view.requests)).toEqual([]);
  });

  it('shows five open (409) as a toast and above the form, keeping what was typed', async () => {
    renderAsk(premium, {
      'POST /api/questions': {
        status: 409,
        body: { error: { code: 'conflict', message: questionMessages.tooManyOpen } },
      },
    });
    await screen.findByRole('form', { name: 'Ask a question' });
    type(askForm().getByLabelText('Subject'), 'Custody rules');
    type(askForm().getByLabelText('Your question'), 'What changes for US custodians?');
    fireEvent.click(askForm().getByRole('button', { name: 'Send question' }));
    await waitFor(() =>
      expect(frontToast()).toBe(`Your question was not sent${questionMessages.tooManyOpen}`),
    );
    expect(askForm().getByRole('alert').textContent).toBe(questionMessages.tooManyOpen);
    expect((askForm().getByLabelText('Subject') as HTMLInputElement).value).toBe('Custody rules');
    expect((askForm().getByLabelText('Your question') as HTMLTextAreaElement).value).toBe(
      'What changes for US custodians?',
    );
  });

  it('with five open, says why it cannot ask and does not send', async () => {
    renderAsk(premium, {
      'GET /api/questions': myQuestions({ canAsk: false, cannotAskReason: questionMessages.tooManyOpen }),
    });
    await screen.findByRole('form', { name: 'Ask a question' });
    expect(askForm().getByText(questionMessages.tooManyOpen)).toBeTruthy();
    expect((askForm().getByRole('button', { name: 'Send question' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('has an empty list before the first question', async () => {
    renderAsk(premium, { 'GET /api/questions': myQuestions({ questions: [] }) });
    expect((await screen.findByTestId('questions-empty')).textContent).toBe(
      'You have not asked any questions yet.',
    );
  });
});

describe('AskAnalyst: a thread', () => {
  it('opens from ?question= (the emails’ link): oldest first, You and the analyst, times in the member’s zone', async () => {
    renderAsk(premium, {}, `/ask?question=${QUESTION_ID}`);
    await zoneApplied('Asia/Tokyo');
    const region = within(await threadRegion());
    const messages = region.getAllByTestId('question-message');
    expect(messages.map((item) => item.textContent)).toEqual([
      'You24 Nov, 17:15Three weeks of inflows: is it more than a rebound?\nSee https://example.com/flows',
      'Ann LeeAnalyst25 Nov, 18:30Mostly new money, judging by the creations.',
    ]);
    const link = region.getByRole('link', { name: 'https://example.com/flows' });
    expect(link.getAttribute('rel')).toBe('nofollow ugc noopener');
    // The list marks the open one; the form is put away (not lost) while a thread is open.
    expect(screen.getByRole('link', { current: 'page' }).textContent).toContain(thread().subject);
    expect(screen.queryByRole('form', { name: 'Ask a question' })).toBeNull();
    expect(region.getByLabelText('Your reply')).toBeTruthy();
  });

  it('names an analyst whose account is gone "Former analyst"', async () => {
    renderAsk(
      premium,
      {
        [`GET /api/questions/${QUESTION_ID}`]: thread({
          messages: [message(), analystAnswer({ authorName: null })],
        }),
      },
      `/ask?question=${QUESTION_ID}`,
    );
    const region = within(await threadRegion());
    expect(region.getAllByTestId('question-message')[1]!.textContent).toMatch(/^Former analystAnalyst/);
  });

  it('sends a reply and shows the thread the server answers', async () => {
    const sent = bodies();
    renderAsk(
      premium,
      {
        [`POST /api/questions/${QUESTION_ID}/messages`]: (request: Request) => {
          sent.record(request);
          return {
            status: 201,
            body: thread({
              status: 'open',
              messages: [
                message(),
                analystAnswer(),
                message({ id: 'msg-3', body: 'Thanks! And outflows?', createdAt: NOW.toISOString() }),
              ],
            }),
          };
        },
      },
      `/ask?question=${QUESTION_ID}`,
    );
    const region = within(await threadRegion());
    type(region.getByLabelText('Your reply'), ' Thanks! And outflows? ');
    fireEvent.click(region.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(region.getAllByTestId('question-message')).toHaveLength(3));
    expect(await sent.all()).toEqual([{ body: 'Thanks! And outflows?' }]);
    // The field is cleared once the sent reply is settled, which may be a render after the thread shows it.
    await waitFor(() => expect((region.getByLabelText('Your reply') as HTMLTextAreaElement).value).toBe(''));
  });

  it('asks before closing; once closed, says so in place of the reply box', async () => {
    const closes: string[] = [];
    const view = renderAsk(
      premium,
      {
        [`POST /api/questions/${QUESTION_ID}/close`]: () => {
          closes.push('close');
          return thread({ status: 'closed', closedAt: NOW.toISOString() });
        },
      },
      `/ask?question=${QUESTION_ID}`,
    );
    const region = within(await threadRegion());
    fireEvent.click(region.getByRole('button', { name: 'Close question' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Close this question?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes(view.requests)).toEqual([]);

    fireEvent.click(region.getByRole('button', { name: 'Close question' }));
    const again = within(await screen.findByRole('alertdialog', { name: 'Close this question?' }));
    fireEvent.click(again.getByRole('button', { name: 'Close question' }));
    expect(await region.findByText(questionMessages.closed)).toBeTruthy();
    expect(closes).toEqual(['close']);
    expect(region.queryByLabelText('Your reply')).toBeNull();
    expect(region.queryByRole('button', { name: 'Close question' })).toBeNull();
    await waitFor(() =>
      expect(frontToast()).toBe('Question closedIt no longer counts among your open questions.'),
    );
  });

  it('says a question that is not the member’s does not exist', async () => {
    renderAsk(
      premium,
      {
        [`GET /api/questions/${OTHER_ID}`]: {
          status: 404,
          body: { error: { code: 'not_found', message: questionMessages.notFound } },
        },
      },
      `/ask?question=${OTHER_ID}`,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(questionMessages.notFound);
  });

  it('shows an analyst’s answer within 30 seconds, without a reload', async () => {
    // Only the polling's intervals are faked: the answers still arrive as promises.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    let answered = false;
    renderAsk(
      premium,
      {
        [`GET /api/questions/${QUESTION_ID}`]: () =>
          answered ? thread() : thread({ status: 'open', messages: [message()] }),
      },
      `/ask?question=${QUESTION_ID}`,
    );
    await vi.waitFor(() => expect(screen.getAllByTestId('question-message')).toHaveLength(1));
    answered = true;
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(screen.getAllByTestId('question-message')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await vi.waitFor(() => expect(screen.getAllByTestId('question-message')).toHaveLength(2));
    expect(screen.getByText('Mostly new money, judging by the creations.')).toBeTruthy();
  });
});

describe('AskAnalyst: without Premium', () => {
  const downgraded = myQuestions({
    premium: false,
    canAsk: false,
    cannotAskReason: questionMessages.premium,
  });

  it('a free member who never asked sees what Premium would give them', async () => {
    renderAsk(free, {
      'GET /api/questions': myQuestions({
        questions: [],
        premium: false,
        canAsk: false,
        cannotAskReason: questionMessages.premium,
      }),
    });
    const upsell = within(await screen.findByTestId('questions-upsell'));
    expect(upsell.getByRole('heading', { name: 'Direct analyst access is part of Premium' })).toBeTruthy();
    expect(upsell.getByText(/get an answer within one business day/)).toBeTruthy();
    expect(upsell.getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe('/membership');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('a member who downgraded reads their questions but cannot ask', async () => {
    renderAsk(free, { 'GET /api/questions': downgraded });
    expect(await screen.findByText(questionMessages.premium)).toBeTruthy();
    expect(screen.getAllByTestId('question-item')).toHaveLength(1);
    expect(screen.queryByRole('form', { name: 'Ask a question' })).toBeNull();
  });

  it('a member who downgraded reads a thread, with why they cannot reply in place of the box', async () => {
    renderAsk(free, { 'GET /api/questions': downgraded }, `/ask?question=${QUESTION_ID}`);
    const region = within(await threadRegion());
    expect(region.getAllByTestId('question-message')).toHaveLength(2);
    expect(region.getByText(questionMessages.premiumToReply)).toBeTruthy();
    expect(region.queryByLabelText('Your reply')).toBeNull();
    expect(region.queryByRole('form')).toBeNull();
    // Closing is for any plan.
    expect(region.getByRole('button', { name: 'Close question' })).toBeTruthy();
  });
});

describe('AskAnalyst: loading', () => {
  it('shows a spinner, then on a failure the reason and "Try Again", which loads again', async () => {
    let fail = true;
    const view = renderAsk(premium, {
      'GET /api/questions': () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'The server had a problem' } } }
          : myQuestions(),
    });
    const release = holdAnswers('/api/questions');
    expect(await screen.findByText('Loading your questions...')).toBeTruthy();
    release();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load your questions: The server had a problem',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('form', { name: 'Ask a question' });
    expect(view.requests.filter((request) => request === 'GET /api/questions')).toHaveLength(2);
  });
});
