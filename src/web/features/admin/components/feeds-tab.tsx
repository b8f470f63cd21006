import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { formatCountOf } from '@/domain/format/format';
import { NEWS_CATEGORIES, isNewsCategory } from '@/domain/news/categories';
import { rssFeedInputSchema, type RssFeedDto } from '@/domain/news/news.schema';
import { ConfirmDialog } from '@/web/components/ui/alert-dialog';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { Field, SelectField, SwitchField } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { Spinner } from '@/web/components/ui/spinner';
import { Switch } from '@/web/components/ui/switch';
import { feedsQuery, useDeleteFeed, useRefreshNews, useSaveFeed, useToggleFeed } from '../api/admin';
import { useDates } from '@/web/lib/preferences';
import { refusal, useSchemaForm } from '@/web/lib/form';

const feedTypes = [
  ['cryptocompare', 'CryptoCompare'],
  ['rss', 'RSS / Atom'],
  ['json', 'JSON Feed'],
] as const;
const categories = NEWS_CATEGORIES.map((category) => [category, category] as const);

/**
 * A new feed starts as type cryptocompare, category XRP. Checked with the create schema in
 * both modes: the form always sends every field, and the edit route's schema is the same rules made
 * optional. A stored category outside the list shows (and saves) as XRP, what the select displays.
 */
function FeedDialog({ feed, onClose }: { feed: RssFeedDto | null; onClose: () => void }) {
  const save = useSaveFeed();
  const form = useSchemaForm(rssFeedInputSchema, {
    name: feed?.name ?? '',
    url: feed?.url ?? '',
    description: feed?.description ?? '',
    feedType: feed?.feedType ?? 'cryptocompare',
    category: feed && isNewsCategory(feed.category) ? feed.category : 'XRP',
    enabled: feed?.enabled ?? true,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) =>
    save.mutate(
      { id: feed?.id ?? null, feed: input },
      { onSuccess: onClose, onError: (failure) => form.setError('root', refusal(failure)) },
    ),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={feed ? 'Edit RSS feed' : 'Add RSS feed'}>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
          <Field id="feed-name" label="Name" error={errors.name?.message} {...form.register('name')} />
          <Field id="feed-url" label="URL" type="url" error={errors.url?.message} {...form.register('url')} />
          <Field
            id="feed-description"
            label="Description"
            error={errors.description?.message}
            {...form.register('description')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Controller
              control={form.control}
              name="feedType"
              render={({ field }) => (
                <SelectField
                  id="feed-type"
                  label="Type"
                  value={field.value ?? 'cryptocompare'}
                  onChange={field.onChange}
                  options={feedTypes}
                />
              )}
            />
            <Controller
              control={form.control}
              name="category"
              render={({ field }) => (
                <SelectField
                  id="feed-category"
                  label="Category"
                  value={field.value ?? 'XRP'}
                  onChange={field.onChange}
                  options={categories}
                />
              )}
            />
          </div>
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => (
              <SwitchField
                id="feed-enabled"
                label="Enabled"
                checked={field.value ?? true}
                onCheckedChange={field.onChange}
              />
            )}
          />
          <Button type="submit" disabled={save.isPending} className="self-end">
            {save.isPending ? 'Saving...' : feed ? 'Save Changes' : 'Add Feed'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Admin → RSS Feeds: list, add, edit, enable, delete, and trigger a news refresh. */
export function FeedsTab() {
  const dates = useDates();
  const feeds = useQuery(feedsQuery);
  const toggle = useToggleFeed();
  const remove = useDeleteFeed();
  const refresh = useRefreshNews();
  const [editing, setEditing] = useState<RssFeedDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RssFeedDto | null>(null);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>RSS Feeds</CardTitle>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => refresh.mutate(undefined)} disabled={refresh.isPending}>
            {refresh.isPending ? 'Refreshing...' : 'Refresh News'}
          </Button>
          <Button onClick={() => setEditing('new')}>Add Feed</Button>
        </div>
      </CardHeader>
      <CardContent>
        {feeds.isPending ? (
          <Spinner label="Loading..." />
        ) : feeds.isError ? (
          <p role="alert" className="text-destructive">
            Failed to fetch RSS feeds
          </p>
        ) : feeds.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No feeds yet. Add one to start collecting news.</p>
        ) : (
          <ul className="divide-y" aria-label="RSS feeds">
            {feeds.data.map((feed) => (
              <li
                key={feed.id}
                // Phones: a card with the full address, then the controls on their own row.
                className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
                data-testid="admin-feed"
              >
                <div className="flex min-w-0 flex-col gap-0.5 sm:flex-1">
                  <p className="break-words font-medium">{feed.name}</p>
                  <p className="break-all text-sm text-muted-foreground" data-testid="admin-feed-url">
                    {feed.url}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {feed.feedType} · {feed.category}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {feed.lastFetchedAt
                      ? `Fetched ${dates.age(feed.lastFetchedAt)}${feed.lastItemCount !== null ? ` · ${formatCountOf(feed.lastItemCount, 'item')}` : ''}`
                      : 'Not fetched yet'}
                    {feed.lastError && (
                      <span className="break-words text-destructive"> · {feed.lastError}</span>
                    )}
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-2" data-testid="admin-feed-actions">
                  <Switch
                    aria-label={`${feed.name} enabled`}
                    checked={feed.enabled}
                    onCheckedChange={(enabled) => toggle.mutate({ id: feed.id, enabled })}
                  />
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Edit ${feed.name}`}
                    onClick={() => setEditing(feed)}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Delete ${feed.name}`}
                    onClick={() => setDeleting(feed)}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {editing && <FeedDialog feed={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete feed"
        description="Are you sure you want to delete this feed?"
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      />
    </Card>
  );
}
