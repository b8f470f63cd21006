import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Point } from '@/domain/market/history';
import { historyQuery, type ChartRange } from '../api/market';
import { ChartState, HistorySince, RangeButtons, RANGE_LABELS, Toggle } from './chart-controls';
import { PriceCanvas, type PriceMode } from './price-canvas';
import { TradingViewWidget, useTradingViewWidget } from './price-widget';

const RANGES = ['1d', '7d', '30d', '90d', '1y', 'all'] as const;
const NO_VOLUME: Point[] = [];

/**
 * The Price Chart tab: our own chart of the stored price — line or candles, 24h volume below, log
 * scale, range buttons and a crosshair legend in the reader's zone. TradingView's widget is an extra
 * for those who want its tools, loaded only when asked for and never the default: the page must not
 * depend on a third party to show the price.
 */
export default function PriceChart() {
  const [range, setRange] = useState<ChartRange>('30d');
  const [mode, setMode] = useState<PriceMode>('line');
  const [isLog, setLog] = useState(false);
  const widget = useTradingViewWidget();
  const price = useQuery(historyQuery('price', range));
  // The volume is drawn when it comes; the price does not wait for it, nor fails with it.
  const volume = useQuery(historyQuery('volume', range));
  // Each query keeps its last range on screen while the next loads: the volume is drawn only with a
  // price of the same range, on that price's time grid.
  const volumePoints =
    volume.data && volume.data.range === price.data?.range ? volume.data.points : NO_VOLUME;
  const showWidget = widget.state === 'shown';

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {!showWidget && <HistorySince since={price.data?.since} />}
        <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
          {!showWidget && (
            <>
              <div className="flex gap-1" role="group" aria-label="Chart type">
                <Toggle pressed={mode === 'line'} onPressedChange={() => setMode('line')}>
                  Line
                </Toggle>
                <Toggle pressed={mode === 'candles'} onPressedChange={() => setMode('candles')}>
                  Candles
                </Toggle>
              </div>
              <Toggle pressed={isLog} onPressedChange={setLog} label="Log scale">
                Log
              </Toggle>
              <RangeButtons ranges={RANGES} value={range} onChange={setRange} />
            </>
          )}
          <Toggle
            pressed={showWidget}
            onPressedChange={(pressed) => (pressed ? widget.show() : widget.hide())}
          >
            {widget.state === 'probing' ? 'TradingView…' : 'TradingView'}
          </Toggle>
        </div>
      </div>
      {widget.state === 'unreachable' && (
        <p className="text-xs text-muted-foreground" role="status" data-testid="widget-unreachable">
          TradingView could not be reached from this network; this is our own chart of the stored price.
        </p>
      )}
      {showWidget ? (
        <TradingViewWidget />
      ) : (
        <ChartState query={price} isEmpty={!price.data?.points.length}>
          {price.data && (
            <PriceCanvas
              mode={mode}
              isLog={isLog}
              points={price.data.points}
              bucketMs={price.data.bucketMs}
              candles={price.data.candles}
              volume={volumePoints}
              rangeLabel={RANGE_LABELS[price.data.range]}
              isFetching={price.isPlaceholderData || volume.isPlaceholderData}
            />
          )}
        </ChartState>
      )}
      {!showWidget && volume.isError && (
        <p className="text-xs text-muted-foreground">
          The 24h volume could not be loaded: {volume.error.message}
        </p>
      )}
    </div>
  );
}
