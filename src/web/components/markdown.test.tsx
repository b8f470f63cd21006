// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

const post = `Corridor volumes by quarter:

| Corridor | Q1 | Q2 |
| :-- | --: | --: |
| Mexico | 1,200 | 1,450 |
| Philippines | 800 | 910 |

<script>alert(1)</script>`;

describe('Markdown (research posts, info pages)', () => {
  it('renders a table with its header, rows and alignment, in a box that scrolls on its own', () => {
    render(
      <MemoryRouter>
        <Markdown>{post}</Markdown>
      </MemoryRouter>,
    );
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Corridor', 'Q1', 'Q2']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Mexico', '1,200', '1,450'],
      ['Philippines', '800', '910'],
    ]);
    expect(within(rows[0]!).getAllByRole('cell')[1]!.style.textAlign).toBe('right');
    expect(screen.getByRole('region', { name: 'Table' }).className).toContain('overflow-x-auto');
    // Raw HTML is still never rendered.
    expect(document.querySelector('script')).toBeNull();
  });
});
