// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../../tests/support/render-app';
import { useTheme } from './theme-provider';

/**
 * What a component's effect finds on the page when it runs for a new theme: the canvas charts read
 * their colours from the page's theme variables in such an effect (components/charts/use-chart.ts).
 */
function ThemeReader({ seen }: { seen: string[] }) {
  const { resolvedTheme, setTheme } = useTheme();
  useEffect(() => {
    const page = document.documentElement.classList.contains('dark') ? 'dark' : 'light';
    seen.push(`${resolvedTheme} on a ${page} page`);
  }, [resolvedTheme, seen]);
  return (
    <button type="button" onClick={() => setTheme(resolvedTheme === 'dark' ? 'light' : 'dark')}>
      Switch
    </button>
  );
}

describe('ThemeProvider', () => {
  it("wears the new theme before any component's effect for it runs, so a chart recolours to it", () => {
    const seen: string[] = [];
    renderApp(<ThemeReader seen={seen} />);
    fireEvent.click(screen.getByRole('button', { name: 'Switch' }));
    fireEvent.click(screen.getByRole('button', { name: 'Switch' }));
    expect(seen).toEqual(['light on a light page', 'dark on a dark page', 'light on a light page']);
  });
});
