import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { dominoEventInputSchema, type AdminDominoEvent } from '@/domain/domino/domino.schema';
import { ConfirmDialog } from '@/web/components/ui/alert-dialog';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { Field, SelectField, SwitchField } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { Spinner } from '@/web/components/ui/spinner';
import { Switch } from '@/web/components/ui/switch';
import {
  adminDominoQuery,
  useDeleteDominoEvent,
  useMoveDominoEvent,
  useSaveDominoEvent,
  useToggleDominoEvent,
} from '../api/admin';
import { useDates } from '@/web/lib/preferences';
import { refusal, useSchemaForm } from '@/web/lib/form';

const impacts = [
  ['High', 'High'],
  ['Medium', 'Medium'],
  ['Low', 'Low'],
] as const;

/**
 * A new event's impact is Medium. Checked with the create schema in both modes: the form
 * always sends every field, and the edit route's schema is the same rules made optional.
 */
function EventDialog({ event, onClose }: { event: AdminDominoEvent | null; onClose: () => void }) {
  const save = useSaveDominoEvent();
  const form = useSchemaForm(dominoEventInputSchema, {
    date: event?.date ?? new Date().toISOString().slice(0, 10),
    institution: event?.institution ?? '',
    event: event?.event ?? '',
    impact: event?.impact ?? 'Medium',
    priceImpact: event?.priceImpact ?? '',
    isActive: event?.isActive ?? true,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) =>
    save.mutate(
      { id: event?.id ?? null, event: input },
      { onSuccess: onClose, onError: (failure) => form.setError('root', refusal(failure)) },
    ),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={event ? 'Edit event' : 'Add event'}>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
          <Field
            id="event-date"
            label="Date"
            type="date"
            error={errors.date?.message}
            {...form.register('date')}
          />
          <Field
            id="event-institution"
            label="Institution"
            error={errors.institution?.message}
            {...form.register('institution')}
          />
          <Field id="event-text" label="Event" error={errors.event?.message} {...form.register('event')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Controller
              control={form.control}
              name="impact"
              render={({ field }) => (
                <SelectField
                  id="event-impact"
                  label="Impact"
                  value={field.value ?? 'Medium'}
                  onChange={field.onChange}
                  options={impacts}
                />
              )}
            />
            <Field
              id="event-price-impact"
              label="Price impact"
              placeholder="+12%"
              error={errors.priceImpact?.message}
              {...form.register('priceImpact')}
            />
          </div>
          <Controller
            control={form.control}
            name="isActive"
            render={({ field }) => (
              <SwitchField
                id="event-active"
                label="Active (shown in the tracker)"
                checked={field.value ?? true}
                onCheckedChange={field.onChange}
              />
            )}
          />
          <Button type="submit" disabled={save.isPending} className="self-end">
            {save.isPending ? 'Saving...' : event ? 'Save Changes' : 'Add Event'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Admin → Domino Events: list in display order, add, edit, delete, activate, move up or down. */
export function DominoTab() {
  const dates = useDates();
  const events = useQuery(adminDominoQuery);
  const toggle = useToggleDominoEvent();
  const remove = useDeleteDominoEvent();
  const move = useMoveDominoEvent();
  const [editing, setEditing] = useState<AdminDominoEvent | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminDominoEvent | null>(null);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Domino Events</CardTitle>
        <Button onClick={() => setEditing('new')}>Add Event</Button>
      </CardHeader>
      <CardContent>
        {events.isPending ? (
          <Spinner label="Loading..." />
        ) : events.isError ? (
          <p role="alert" className="text-destructive">
            Error loading events
          </p>
        ) : events.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No institutional events tracked yet</p>
        ) : (
          <ol className="divide-y" aria-label="Domino events">
            {events.data.map((event, index) => (
              <li
                key={event.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
                data-testid="admin-domino-event"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    {event.institution} <Badge>{event.impact}</Badge>
                    {!event.isActive && <span className="ml-2 text-xs text-muted-foreground">(Hidden)</span>}
                  </p>
                  <p className="text-sm">{event.event}</p>
                  <p className="text-xs text-muted-foreground">
                    {dates.day(event.date)}
                    {event.priceImpact ? ` · ${event.priceImpact}` : ''}
                  </p>
                </div>
                <div className="flex items-center gap-1">
                  <Switch
                    aria-label={`${event.institution} active`}
                    checked={event.isActive}
                    onCheckedChange={(isActive) => toggle.mutate({ id: event.id, isActive })}
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Move ${event.institution} up`}
                    disabled={index === 0 || move.isPending}
                    onClick={() => move.mutate({ id: event.id, direction: 'up' })}
                  >
                    <ArrowUp className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Move ${event.institution} down`}
                    disabled={index === events.data.length - 1 || move.isPending}
                    onClick={() => move.mutate({ id: event.id, direction: 'down' })}
                  >
                    <ArrowDown className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Edit ${event.institution}`}
                    onClick={() => setEditing(event)}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Delete ${event.institution}`}
                    onClick={() => setDeleting(event)}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
      {editing && <EventDialog event={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.institution ?? 'event'}?`}
        description="This action cannot be undone..."
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
