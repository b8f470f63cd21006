import { cn } from '@/web/lib/cn';
import { usePremiumPrice } from '../api/billing';

/**
 * Premium's price in large type, as the billing provider holds it: "$9 per month". While it loads, a
 * placeholder of the same size; when the provider cannot be reached, "—" and why.
 */
export function PremiumPriceFigure({ className }: { className?: string }) {
  const price = usePremiumPrice();
  if (price.status === 'known')
    return (
      <>
        <span className={cn('font-bold text-foreground', className)}>{price.amount}</span> {price.period}
      </>
    );
  if (price.status === 'loading')
    return (
      <span className={cn('font-bold text-muted-foreground', className)} aria-label="Loading the price">
        …
      </span>
    );
  return (
    <span data-testid="price-unknown">
      <span className={cn('font-bold text-foreground', className)} aria-hidden="true">
        —
      </span>{' '}
      <span className="text-xs">Price unavailable: {price.reason}</span>
    </span>
  );
}

/** The price in a sentence ("$9 per month"), or `fallback` while it is not known. */
export function usePremiumPriceText(fallback: string): string {
  const price = usePremiumPrice();
  return price.status === 'known' ? price.text : fallback;
}
