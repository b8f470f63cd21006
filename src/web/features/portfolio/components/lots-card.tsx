import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LOTS_MAX, type LotView } from '@/domain/portfolio/portfolio.schema';
import { ConfirmDialog } from '@/web/components/ui/alert-dialog';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { Spinner } from '@/web/components/ui/spinner';
import { useDates } from '@/web/lib/preferences';
import { lotsQuery, useDeleteLot } from '../api/portfolio';
import { formatXrp } from '../lib/format';
import { LotForm } from './lot-form';
import { LotsFile } from './lots-file';

/** "—" with why a lot's optional figure is missing. */
function NotGiven() {
  return (
    <>
      — <span className="text-xs text-muted-foreground">not given</span>
    </>
  );
}

const describe = (lot: LotView) => `${formatXrp(lot.amountXrp)}${lot.note ? ` (${lot.note})` : ''}`;

function LotsTable({
  lots,
  onEdit,
  onDelete,
}: {
  lots: LotView[];
  onEdit: (lot: LotView) => void;
  onDelete: (lot: LotView) => void;
}) {
  const dates = useDates();
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Your manual holdings</caption>
        <thead className="border-b text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Amount
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Acquired
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Cost per XRP
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Note
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {lots.map((lot) => (
            <tr key={lot.id} data-testid="lot">
              <td className="py-2 pr-3 font-medium tabular-nums">{formatXrp(lot.amountXrp)}</td>
              <td className="py-2 pr-3">{lot.acquiredOn ? dates.day(lot.acquiredOn) : <NotGiven />}</td>
              <td className="py-2 pr-3 tabular-nums">
                {lot.costUsdPerXrp === null ? <NotGiven /> : `$${lot.costUsdPerXrp}`}
              </td>
              <td className="max-w-48 break-words py-2 pr-3">{lot.note}</td>
              <td className="py-2">
                <div className="flex justify-end gap-1">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Edit ${describe(lot)}`}
                    onClick={() => onEdit(lot)}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Delete ${describe(lot)}`}
                    onClick={() => onDelete(lot)}
                  >
                    Delete
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Manual holdings (lots): XRP kept elsewhere, with their cost when known; import and export. */
export function LotsCard({ userId }: { userId: string }) {
  const lots = useQuery(lotsQuery(userId));
  const remove = useDeleteLot();
  const [editing, setEditing] = useState<LotView | null>(null);
  const [deleting, setDeleting] = useState<LotView | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Manual holdings</CardTitle>
        <CardDescription>
          XRP you keep elsewhere (an exchange, a hardware wallet you do not want to list), with what it cost
          when you know it: P&amp;L is figured from these costs. Up to {LOTS_MAX}.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <LotForm />
        {lots.isPending ? (
          <Spinner label="Loading your holdings..." />
        ) : lots.isError ? (
          <div className="flex flex-col items-start gap-2">
            <p role="alert" className="text-sm text-destructive">
              Failed to load your holdings: {lots.error.message}
            </p>
            <Button variant="outline" size="sm" onClick={() => void lots.refetch()}>
              Try Again
            </Button>
          </div>
        ) : lots.data.lots.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="lots-empty">
            No manual holdings yet. Add one above, or import a CSV file below.
          </p>
        ) : (
          <LotsTable lots={lots.data.lots} onEdit={setEditing} onDelete={setDeleting} />
        )}
        <div className="border-t pt-4">
          <h3 className="mb-3 text-sm font-semibold">Import and export</h3>
          <LotsFile />
        </div>
      </CardContent>
      {editing && (
        <Dialog open onOpenChange={(open) => !open && setEditing(null)}>
          <DialogContent title="Edit holding">
            <LotForm lot={editing} onDone={() => setEditing(null)} />
          </DialogContent>
        </Dialog>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this holding?"
        description={deleting ? `${describe(deleting)} is removed from your portfolio.` : ''}
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
