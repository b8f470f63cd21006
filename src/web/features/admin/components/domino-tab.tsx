import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { AdminDominoEvent } from '@/domain/domino/domino.schema';
import { ConfirmDialog } from '@/web/components/ui/alert-dialog';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { Field, SelectField, SwitchField } from '@/web/components/ui/field';
import { Spinner } from '@/web/components/ui/spinner';
import { Switch } from '@/web/components/ui/switch';
import {
  adminDominoQuery,
  useDeleteDominoEvent,
  useMoveDominoEvent,
  useSaveDominoEvent,
  useToggleDominoEvent,
} from '../api/admin';
import { useDates } from '@/web/features/preferences';

type Impact = AdminDominoEvent['impact'];

/** SPEC §9: a new event's impact is Medium. */
function EventDialog({ event, onClose }: { event: AdminDominoEvent | null; onClose: () => void }) {
  const save = useSaveDominoEvent();
  const [date, setDate] = useState(event?.date ?? new Date().toISOString().slice(0, 10));
  const [institution, setInstitution] = useState(event?.institution ?? '');
  const [text, setText] = useState(event?.event ?? '');
  const [impact, setImpact] = useState<Impact>(event?.impact ?? 'Medium');
  const [priceImpact, setPriceImpact] = useState(event?.priceImpact ?? '');
  const [isActive, setIsActive] = useState(event?.isActive ?? true);
  const submit = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    save.mutate(
      {
        id: event?.id ?? null,
        event: { date, institution, event: text, impact, priceImpact: priceImpact || null, isActive },
      },
      { onSuccess: onClose },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={event ? 'Edit event' : 'Add event'}>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <Field
            id="event-date"
            label="Date"
            type="date"
            value={date}
            onChange={(change) => setDate(change.target.value)}
          />
          <Field
            id="event-institution"
            label="Institution"
            value={institution}
            onChange={(change) => setInstitution(change.target.value)}
          />
          <Field
            id="event-text"
            label="Event"
            value={text}
            onChange={(change) => setText(change.target.value)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              id="event-impact"
              label="Impact"
              value={impact}
              onChange={setImpact}
              options={[
                ['High', 'High'],
                ['Medium', 'Medium'],
                ['Low', 'Low'],
              ]}
            />
            <Field
              id="event-price-impact"
              label="Price impact"
              placeholder="+12%"
              value={priceImpact}
              onChange={(change) => setPriceImpact(change.target.value)}
            />
          </div>
          <SwitchField
            id="event-active"
            label="Active (shown in the tracker)"
            checked={isActive}
            onCheckedChange={setIsActive}
          />
          <Button type="submit" disabled={save.isPending} className="self-end">
            {save.isPending ? 'Saving...' : event ? 'Save Changes' : 'Add Event'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** SPEC §2 Admin Domino Events: list in display order, add, edit, delete, activate, move up or down. */
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
