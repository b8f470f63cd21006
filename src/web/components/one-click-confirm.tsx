import { Button } from '@/web/components/ui/button';
import { CardContent } from '@/web/components/ui/card';

interface Action {
  isError: boolean;
  isPending: boolean;
  error: Error | null;
  mutate: () => void;
}

/**
 * The one button of an email link's page (confirm a subscription, unsubscribe): a link scanner that
 * follows the URL changes nothing; a person clicks. Shows the server's refusal above the button.
 */
export function OneClickConfirm({
  action,
  label,
  pendingLabel,
}: {
  action: Action;
  label: string;
  pendingLabel: string;
}) {
  return (
    <CardContent className="flex flex-col gap-3">
      {action.isError && (
        <p role="alert" className="text-sm text-destructive">
          {action.error?.message}
        </p>
      )}
      <Button onClick={() => action.mutate()} disabled={action.isPending} className="self-start">
        {action.isPending ? pendingLabel : label}
      </Button>
    </CardContent>
  );
}
