// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WhaleTransaction } from '@/domain/whales/whales.schema';
import { renderApp } from '../../../../../tests/support/render-app';
import { unnamedWhale } from '../../../../../tests/support/whales';
import { WhaleRow } from './whale-row';

const DEPOSITS = 'rGB4YrgZh36s4KUFH3p9WD554QsYkNv4rQ';

const whale = (toEvidence: WhaleTransaction['toEvidence']): WhaleTransaction => ({
  ...unnamedWhale,
  id: '0d1c6f1e-9b7a-4c55-8f3e-5a2b1c7d9e01',
  transactionHash: 'C27F25B7D49390FAA57EAAB61D95E9224304701BFC4257A0D0F5755E57506769',
  amountXrp: '2000000',
  transactionTimestamp: '2026-11-20T09:00:00.000Z',
  fromAddress: 'rpexHC5S9a6ez8Wvw9L46miQaUM9PQrdg8',
  toAddress: DEPOSITS,
  destinationTag: 1020,
  fromEvidence: null,
  toEvidence,
});

const row = (toEvidence: WhaleTransaction['toEvidence']) =>
  renderApp(
    <ul>
      <WhaleRow whale={whale(toEvidence)} />
    </ul>,
  );

describe('a whale row’s unnamed side', () => {
  it('says "likely an exchange (requires destination tags)" where the ledger shows it, and that it is evidence', () => {
    row({ requiresDestinationTag: true, distinctTagsReceived: 20, likelyExchange: true });
    const to = screen.getByRole('button', { name: /^To: unknown wallet, likely an exchange/ });
    expect(to.textContent).toBe('unknown wallet, likely an exchange (requires destination tags)');
    fireEvent.click(to);
    expect(screen.getByTestId('ledger-evidence').textContent).toBe(
      'Ledger evidence, not a name: it refuses payments without a destination tag, and 20 differently tagged whale payments received here',
    );
  });

  it('stays "unknown wallet" when the evidence falls short, and says what there is', () => {
    row({ requiresDestinationTag: true, distinctTagsReceived: 19, likelyExchange: false });
    const to = screen.getByRole('button', { name: /^To: unknown wallet\./ });
    expect(to.textContent).toBe('unknown wallet');
    fireEvent.click(to);
    expect(screen.getByTestId('ledger-evidence').textContent).toContain('19 differently tagged');
  });

  it('says nothing of evidence where the ledger gave none', () => {
    row(null);
    fireEvent.click(screen.getByRole('button', { name: /^To: unknown wallet\./ }));
    expect(screen.queryByTestId('ledger-evidence')).toBeNull();
    expect(screen.getByRole('link', { name: DEPOSITS })).toBeTruthy();
  });
});
