/** Answers of the questions API for the feature's component tests, shaped by the contract's schemas. */
import {
  DEFAULT_RESPONSE_TIME,
  MAX_OPEN_QUESTIONS,
  type MyQuestions,
  type QuestionMessage,
  type QuestionSummary,
  type QuestionThread,
} from '@/domain/questions/questions.schema';

export const QUESTION_ID = '5f0c2b8e-6a43-4c8e-9a57-3d1f0e2b7c11';
export const OTHER_ID = '0b6f9d2a-1c3e-4f5a-8b7c-9d0e1f2a3b4c';
export const NEW_ID = 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b';

export function summary(overrides: Partial<QuestionSummary> = {}): QuestionSummary {
  return {
    id: QUESTION_ID,
    subject: 'Will the ETF inflows hold up?',
    topic: 'market',
    status: 'answered',
    createdAt: '2026-11-24T08:15:00.000Z',
    lastActivityAt: '2026-11-25T09:30:00.000Z',
    closedAt: null,
    ...overrides,
  };
}

export function message(overrides: Partial<QuestionMessage> = {}): QuestionMessage {
  return {
    id: 'msg-1',
    author: 'member',
    authorName: null,
    internal: false,
    body: 'Three weeks of inflows: is it more than a rebound?\nSee https://example.com/flows',
    createdAt: '2026-11-24T08:15:00.000Z',
    ...overrides,
  };
}

export const analystAnswer = (overrides: Partial<QuestionMessage> = {}) =>
  message({
    id: 'msg-2',
    author: 'analyst',
    authorName: 'Ann Lee',
    body: 'Mostly new money, judging by the creations.',
    createdAt: '2026-11-25T09:30:00.000Z',
    ...overrides,
  });

export function thread(overrides: Partial<QuestionThread> = {}): QuestionThread {
  return { ...summary(), messages: [message(), analystAnswer()], ...overrides };
}

export function myQuestions(overrides: Partial<MyQuestions> = {}): MyQuestions {
  const questions = overrides.questions ?? [summary()];
  const openCount = questions.filter((question) => question.status !== 'closed').length;
  return {
    questions,
    openCount,
    maxOpen: MAX_OPEN_QUESTIONS,
    canAsk: true,
    cannotAskReason: null,
    premium: true,
    responseTime: DEFAULT_RESPONSE_TIME,
    ...overrides,
  };
}

/** The toast in front, as a member reads it (earlier tests' toasts stay in sonner's list behind it). */
export const frontToast = () =>
  document.querySelector('[data-sonner-toast][data-front="true"]')?.textContent ?? null;
