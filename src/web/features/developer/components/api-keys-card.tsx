import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { apiKeyInputSchema } from '@/domain/developer/api-keys.schema';
import { useSession } from '@/web/lib/session';
import { ConfirmDialog } from '@/web/components/ui/alert-dialog';
import { PremiumBadge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { Spinner } from '@/web/components/ui/spinner';
import { copyToClipboard } from '@/web/lib/clipboard';
import { refusal, useSchemaForm } from '@/web/lib/form';
import { apiKeysQuery, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { rememberRecentKey } from '../lib/recent-key';
import { useDates } from '@/web/lib/preferences';

/** A key left unnamed is called "API key"; otherwise the name rules of the API. */
const keyNameSchema = z.object({
  name: z
    .string()
    .transform((name) => name.trim() || 'API key')
    .pipe(apiKeyInputSchema.shape.name),
});

const curlFor = (key: string) =>
  `curl -H "Authorization: Bearer ${key}" ${window.location.origin}/api/v1/metrics`;

/** The new key, once: copy it now, with a first request to try. */
function NewKeyDialog({ apiKey, onClose }: { apiKey: string; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Your new API key" description="Copy it now: it is not shown again.">
        <code className="break-all rounded-md bg-muted p-3 text-sm" data-testid="new-api-key">
          {apiKey}
        </code>
        <Button variant="outline" onClick={() => void copyToClipboard(apiKey)} className="self-start">
          Copy key
        </Button>
        <p className="text-sm font-medium">Try it</p>
        <code className="break-all rounded-md bg-muted p-3 text-xs">{curlFor(apiKey)}</code>
        <Button
          variant="outline"
          onClick={() => void copyToClipboard(curlFor(apiKey))}
          className="self-start"
        >
          Copy curl example
        </Button>
      </DialogContent>
    </Dialog>
  );
}

/** Settings → Account: a Premium member's developer API keys. */
export function ApiKeysCard() {
  const dates = useDates();
  const { user, isPremium } = useSession();
  const userId = user?.id ?? '';
  const keys = useQuery({ ...apiKeysQuery(userId), enabled: Boolean(userId) && isPremium });
  const create = useCreateApiKey(userId);
  const revoke = useRevokeApiKey(userId);
  const form = useSchemaForm(keyNameSchema, { name: '' });
  const { errors } = form.formState;
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);

  const submit = form.handleSubmit(({ name }) =>
    create.mutate(name, {
      onSuccess: (key) => {
        form.reset();
        setCreated(key.key);
        rememberRecentKey(key.key);
      },
      // The hook's toast says so too.
      onError: (failure) => form.setError('root', refusal(failure)),
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          Developer API {!isPremium && <PremiumBadge />}
        </CardTitle>
        <CardDescription>
          Read market, sentiment, whale, news and event data, and your own portfolio, from your own code: 60
          requests a minute per key. See the{' '}
          <Link to="/api" className="text-primary underline">
            API reference
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!isPremium ? (
          <p className="text-sm">
            API access comes with Premium.{' '}
            <Link to="/membership" className="text-primary underline">
              Upgrade to Premium
            </Link>
          </p>
        ) : (
          <>
            <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
              {errors.root && (
                <div className="basis-full">
                  <FormAlert>{errors.root.message}</FormAlert>
                </div>
              )}
              <div className="min-w-48 flex-1">
                <Field
                  id="api-key-name"
                  label="Key name"
                  placeholder="Trading bot"
                  maxLength={60}
                  error={errors.name?.message}
                  {...form.register('name')}
                />
              </div>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Creating...' : 'Create Key'}
              </Button>
            </form>
            {keys.isPending ? (
              <Spinner label="Loading..." />
            ) : keys.isError ? (
              <p role="alert" className="text-sm text-destructive">
                Failed to load your API keys
              </p>
            ) : keys.data.keys.length === 0 ? (
              <p className="text-sm text-muted-foreground">No API keys yet.</p>
            ) : (
              <ul className="divide-y" aria-label="API keys">
                {keys.data.keys.map((key) => {
                  const week = key.usage.reduce((sum, day) => sum + day.requests, 0);
                  return (
                    <li
                      key={key.id}
                      className="flex flex-wrap items-center justify-between gap-2 py-3"
                      data-testid="api-key"
                    >
                      <div>
                        <p className="font-medium">{key.name}</p>
                        <p className="text-xs text-muted-foreground">
                          <code>{key.prefix}…</code> · created {dates.age(key.createdAt)} ·{' '}
                          {key.lastUsedAt ? `last used ${dates.age(key.lastUsedAt)}` : 'never used'} · {week}{' '}
                          requests in 7 days
                        </p>
                      </div>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Revoke ${key.name}`}
                        onClick={() => setRevoking({ id: key.id, name: key.name })}
                      >
                        Revoke
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )}
          </>
        )}
      </CardContent>
      {created && <NewKeyDialog apiKey={created} onClose={() => setCreated(null)} />}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke ${revoking?.name ?? 'key'}?`}
        description="Programs using this key stop working at once."
        confirmLabel="Revoke"
        destructive
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id);
          setRevoking(null);
        }}
      />
    </Card>
  );
}
