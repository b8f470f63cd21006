import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { historyQuery, type ChartRange } from '../api/market';
import { ChartState, HistorySince, RangeButtons, RANGE_LABELS, Toggle } from './chart-controls';
import { PriceCanvas, type PriceMode } from './price-canvas';
import { TradingViewWidget, useWidgetAvailability } from './price-widget';

const RANGES = ['1d', '7d', '30d', '90d', '1y', 'all'] as const;

/**
 * The Price Chart tab: our own chart of the stored price — line or candles, 24h volume below, log
 * scale, range buttons and a crosshair legend in the reader's zone. TradingView's widget is an extra
 * for those who want its tools, offered only when its origin answers and never the default: the page
 * must not depend on a third party to show the price.
 */
export default function PriceChart() {
  const [range, setRange] = useState<ChartRange>('30d');
  const [mode, setMode] = useState<PriceMode>('line');
  const [isLog, setLog] = useState(false);
  const [isWidget, setWidget] = useState(false);
  const widget = useWidgetAvailability();
  const price = useQuery(historyQuery('price', range));
  // The volume is drawn when it comes; the price does not wait for it, nor fails with it.
  const volume = useQuery(historyQuery('volume', range));
  const showWidget = isWidget && widget === 'available';

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
          {widget === 'available' && (
            <Toggle pressed={isWidget} onPressedChange={setWidget}>
              TradingView
            </Toggle>
          )}
        </div>
      </div>
      {showWidget ? (
        <TradingViewWidget />
      ) : (
        <ChartState query={price} isEmpty={!price.data?.points.length}>
          {price.data && (
            <PriceCanvas
              mode={mode}
              isLog={isLog}
              points={price.data.points}
              candles={price.data.candles}
              volume={volume.data?.points ?? []}
              rangeLabel={RANGE_LABELS[range]}
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
