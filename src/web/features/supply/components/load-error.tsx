import { Button } from '@/web/components/ui/button';

/** A card's failed read: what could not be loaded, why, and a way to ask again. */
export function LoadError({
  what,
  query,
}: {
  what: string;
  query: { error: Error; refetch: () => unknown };
}) {
  return (
    <div className="flex flex-col items-start gap-2 text-sm">
      <p className="text-destructive">
        Could not load {what}: {query.error.message}
      </p>
      <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
        Try Again
      </Button>
    </div>
  );
}
