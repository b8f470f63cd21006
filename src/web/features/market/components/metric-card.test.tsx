// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MetricCard } from './metric-card';

afterEach(cleanup);

const show = (change: number | null, changeNote?: string) => {
  render(
    <MetricCard
      title="24h Volume"
      value="$1.2B"
      change={change}
      changeNote={changeNote}
      asOf="9:00 AM"
      stale={false}
    />,
  );
  return screen.getByTestId('metric-change');
};

describe('a metric card’s 24h change', () => {
  it('shows a rise in green with an up arrow, a fall in red', () => {
    const rise = show(12.34);
    expect(rise.textContent).toContain('+12.34%');
    expect(rise.className).toContain('emerald');
    cleanup();
    const fall = show(-12.79);
    expect(fall.textContent).toContain('-12.79%');
    expect(fall.className).toContain('red');
  });

  it('gives a change that rounds to zero no arrow and no green', () => {
    const flat = show(0.001);
    expect(flat.textContent).toContain('0.00%');
    expect(flat.className).not.toMatch(/emerald|red/);
    expect(flat.textContent).not.toContain('+');
  });

  it('shows an unknown change as "—" and says why, never as 0.00 %', () => {
    const unknown = show(null, 'No volume record from 24 hours earlier yet');
    expect(unknown.textContent).toContain('—');
    expect(unknown.textContent).not.toContain('0.00');
    expect(unknown.getAttribute('title')).toBe('No volume record from 24 hours earlier yet');
    expect(unknown.textContent).toContain('(No volume record from 24 hours earlier yet)');
  });
});
