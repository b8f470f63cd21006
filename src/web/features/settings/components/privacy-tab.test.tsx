// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { member } from '../../../../../tests/support/members';
import { renderApp } from '../../../../../tests/support/render-app';
import { PrivacyTab } from './privacy-tab';

describe('PrivacyTab: your data', () => {
  it('says the download holds the member’s comments and likes too', async () => {
    const dana = member();
    renderApp(<PrivacyTab />, { session: dana.session, api: dana.api });
    await screen.findByRole('heading', { name: 'Your data' });
    const text = screen.getByText(/Everything we keep about you/).textContent ?? '';
    expect(text).toContain('comments and likes');
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeTruthy();
  });
});
