import { describe, expect, it } from 'vitest';
import { newQuestionSchema, oneLine } from './questions.schema';

describe('a question’s subject', () => {
  it('becomes one line: each break, with the spaces around it, one space', () => {
    expect(oneLine('Escrow\r\n  release \n\n dates')).toBe('Escrow release dates');
    expect(oneLine('  \n\nEscrow')).toBe(' Escrow');
    expect(oneLine('No break  here ')).toBe('No break  here ');
    expect(newQuestionSchema.parse({ subject: 'Escrow\n  dates', body: 'When?' }).subject).toBe(
      'Escrow dates',
    );
  });

  it('reads 1 MB of spaces and breaks correctly', () => {
    const spaces = ' '.repeat(500_000);
    expect(oneLine(`a${spaces}b${spaces}\n${spaces}c`)).toBe(`a${spaces}b c`);
    expect(oneLine(`a${' \n'.repeat(300_000)}b`)).toBe('a b');
    const refused = newQuestionSchema.safeParse({ subject: `a${spaces}\nb`, body: 'When?' });
    expect(refused.success).toBe(false);
  });
});
