import { Check } from 'lucide-react';

const included = [
  'News and insights',
  'Basic price analytics',
  'Current price and market cap',
  '24h volume and circulating supply',
];

/** Beside the sign-in forms: what the free plan includes. */
export function FreePlanBox() {
  return (
    <aside aria-labelledby="free-plan-heading" className="rounded-xl border bg-muted/40 p-6">
      <h2 id="free-plan-heading" className="text-lg font-semibold">
        Free plan
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">Every account starts free, no card needed:</p>
      <ul className="flex flex-col gap-2 text-sm">
        {included.map((item) => (
          <li key={item} className="flex items-center gap-2">
            <Check className="size-4 text-primary" aria-hidden="true" />
            {item}
          </li>
        ))}
      </ul>
    </aside>
  );
}
