// @vitest-environment jsdom
import { LineSeries, type IChartApi } from 'lightweight-charts';
import { useEffect } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_BUCKETS } from '@/domain/market/history';
import { stubCanvas } from '../../../../tests/support/canvas';
import { renderApp } from '../../../../tests/support/render-app';
import { chartTime, slotData, useChart, useSeriesData, type ChartHandle } from './use-chart';

beforeEach(stubCanvas);

const HOUR = 3_600_000;
const setupLine = (api: IChartApi) => api.addSeries(LineSeries);
type Line = ReturnType<typeof setupLine>;

/** A chart as the range charts draw one: its grid's slots, a line on them, fitted to its width. */
function LineChart({ times, onReady }: { times: number[]; onReady: (chart: ChartHandle<Line>) => void }) {
  const { container, chart } = useChart(setupLine, { gridMs: HOUR });
  useSeriesData(chart?.grid, slotData(times));
  useSeriesData(
    chart?.series,
    times.map((time, index) => ({ time: chartTime(time), value: 2 + Math.sin(index / 24) })),
  );
  useEffect(() => {
    if (!chart) return;
    chart.api.timeScale().fitContent();
    onReady(chart);
  }, [chart, onReady]);
  return <div ref={container} />;
}

describe('useChart', () => {
  it('fits the most points a range draws (90 days of hours) into a phone-wide chart, not only its last weeks', async () => {
    const start = Date.UTC(2026, 8, 1);
    const times = Array.from({ length: MAX_BUCKETS }, (_, hour) => start + hour * HOUR);
    let handle: ChartHandle<Line> | null = null;
    renderApp(<LineChart times={times} onReady={(chart) => (handle = chart)} />);
    await vi.waitFor(() => expect(handle).not.toBeNull());
    const { api } = handle!;
    // The chart on a 390 px wide page: some 240 px of plot beside the price scale.
    api.applyOptions({ autoSize: false, width: 300, height: 300 });
    api.timeScale().fitContent();
    await vi.waitFor(() => {
      const shown = api.timeScale().getVisibleLogicalRange();
      expect(shown?.from).toBeLessThanOrEqual(0);
      expect(shown?.to).toBeGreaterThanOrEqual(MAX_BUCKETS - 1);
    });
  });
});
