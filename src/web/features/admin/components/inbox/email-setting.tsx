import { useQuery } from '@tanstack/react-query';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/input';
import { Switch } from '@/web/components/ui/switch';
import { inboxSettingsQuery, useSaveInboxSettings } from '../../api/inbox';

const SWITCH_ID = 'inbox-email-new-questions';

/** The analyst's own switch for the email about each new question. */
export function EmailSetting() {
  const settings = useQuery(inboxSettingsQuery);
  const save = useSaveInboxSettings();
  if (settings.isError)
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
        Failed to load your email setting
        <Button
          variant="outline"
          size="sm"
          disabled={settings.isFetching}
          onClick={() => void settings.refetch()}
        >
          Try Again
        </Button>
      </div>
    );
  // While saving, the switch shows the choice being saved; a failure puts it back.
  const checked = save.isPending
    ? save.variables.emailNewQuestions
    : (settings.data?.emailNewQuestions ?? false);
  return (
    <div className="flex items-start gap-3">
      <Switch
        id={SWITCH_ID}
        checked={checked}
        disabled={!settings.data || save.isPending}
        aria-describedby={`${SWITCH_ID}-hint`}
        onCheckedChange={(emailNewQuestions) => save.mutate({ emailNewQuestions })}
      />
      <div className="flex flex-col gap-1">
        <Label htmlFor={SWITCH_ID}>Email me when a member asks a question</Label>
        <p id={`${SWITCH_ID}-hint`} className="text-xs text-muted-foreground">
          The email links straight to the question.
        </p>
      </div>
    </div>
  );
}
