import { ShieldCheck } from 'lucide-react';

/** What watching an account takes, and what it never does. */
export function ReadOnlyNote() {
  return (
    <div
      className="flex gap-3 rounded-lg border border-primary/40 bg-muted/40 p-4 text-sm"
      data-testid="read-only-note"
    >
      <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
      <p>
        <strong>Read-only.</strong> You add an account by its public address and a name of your choosing. No
        secret key, seed or password is ever asked for, and nothing here can move your XRP.
      </p>
    </div>
  );
}
