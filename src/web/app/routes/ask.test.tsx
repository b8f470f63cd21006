// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { member } from '../../../../tests/support/members';
import { renderApp } from '../../../../tests/support/render-app';
import { myQuestions } from '../../features/questions/test-fixtures';
import { Component as Ask } from './ask';

describe('/ask', () => {
  it('is titled "Ask an Analyst" and shows the member’s questions', async () => {
    const premium = member({ plan: 'premium' });
    renderApp(<Ask />, {
      route: '/ask',
      session: premium.session,
      api: { ...premium.api, 'GET /api/questions': myQuestions() },
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ask an Analyst');
    await waitFor(() => expect(document.title).toBe('Ask an Analyst | XRP Research'));
    expect(await screen.findByRole('form', { name: 'Ask a question' })).toBeTruthy();
    expect(screen.getAllByTestId('question-item')).toHaveLength(1);
  });
});
