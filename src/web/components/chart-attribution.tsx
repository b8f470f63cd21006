/** The attribution the chart library's licence asks for, in place of its logo over the canvas. */
export function ChartAttribution() {
  return (
    <p className="text-right text-xs text-muted-foreground">
      Charts by{' '}
      <a
        href="https://www.tradingview.com/"
        target="_blank"
        rel="noopener noreferrer"
        className="underline underline-offset-2 hover:text-foreground"
      >
        TradingView Lightweight Charts™
      </a>
    </p>
  );
}
