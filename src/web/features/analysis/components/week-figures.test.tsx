// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { WeekSummary } from '@/domain/analysis/analysis.schema';
import { WeekFigures } from './week-figures';

const week: WeekSummary = {
  week: '2026-W47',
  start: '2026-11-16T00:00:00.000Z',
  end: '2026-11-23T00:00:00.000Z',
  complete: true,
  price: { open: 2.2, close: 2.31, high: 2.5, low: 1.9, changePercent: 10 },
  fearGreed: { average: 51, latest: { value: 61, classification: 'Greed' } },
  whales: { count: 2, volumeXrp: 8_000_000, largestXrp: 5_000_000 },
  locked: false,
};
const show = (summary: WeekSummary) =>
  render(
    <MemoryRouter>
      <WeekFigures week={summary} />
    </MemoryRouter>,
  );
const whaleFigure = () => screen.getByText('Whale transfers').nextElementSibling as HTMLElement;

afterEach(cleanup);

describe('WeekFigures', () => {
  it('shows a Premium member the whale transfers', () => {
    show(week);
    expect(whaleFigure().textContent).toBe('2, 8.0M XRP');
  });

  it('offers the upgrade in place of the whale transfers of a locked week, never a zero', () => {
    show({ ...week, whales: null, locked: true });
    expect(screen.getByRole('link', { name: 'Premium' }).getAttribute('href')).toBe('/membership');
    expect(whaleFigure().textContent).not.toMatch(/\d|None/);
    expect(screen.getByText(/\$2\.3100/)).toBeTruthy();
  });
});
