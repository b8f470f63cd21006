import { Controller } from 'react-hook-form';
import { adminUserUpdateSchema, type AdminUser } from '@/domain/admin/admin.schema';
import type { SubscriptionPlan } from '@/domain/plans/entitlements';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { Field, SelectField } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { Label } from '@/web/components/ui/input';
import { Select } from '@/web/components/ui/select';
import { refusal, useSchemaForm } from '@/web/lib/form';
import { useUpdateUser } from '../api/admin';
import { planLabels, roleLabels } from '../lib/labels';

const plans = Object.entries(planLabels) as [SubscriptionPlan, string][];

/** What the dashboard can make a user: an analyst, or not (administrators change with the CLI). */
type EditableRole = 'analyst' | 'user';
const roles: readonly (readonly [EditableRole, string])[] = [
  ['user', roleLabels.user],
  ['analyst', roleLabels.analyst],
];

/** An administrator's role, shown and not changeable here. */
function AdminRole() {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="edit-role">Role</Label>
      <Select id="edit-role" value="admin" disabled aria-describedby="edit-role-hint">
        <option value="admin">{roleLabels.admin}</option>
      </Select>
      <p id="edit-role-hint" className="text-xs text-muted-foreground">
        Administrators change with the CLI.
      </p>
    </div>
  );
}

/** Sends only what changed; with nothing changed it just closes. */
export function EditUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const update = useUpdateUser();
  const admin = user.role === 'admin';
  const role: EditableRole | undefined = admin ? undefined : user.role === 'analyst' ? 'analyst' : 'user';
  const form = useSchemaForm(adminUserUpdateSchema, {
    fullName: user.fullName ?? '',
    subscriptionPlan: user.subscriptionPlan,
    ...(role ? { role } : {}),
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ fullName, subscriptionPlan, role: newRole }) => {
    const change = {
      ...(fullName !== (user.fullName ?? '') ? { fullName } : {}),
      ...(subscriptionPlan !== user.subscriptionPlan ? { subscriptionPlan } : {}),
      ...(!admin && newRole && newRole !== role ? { role: newRole } : {}),
    };
    if (Object.keys(change).length === 0) return onClose();
    update.mutate(
      { userId: user.userId, change, email: user.email },
      { onSuccess: onClose, onError: (failure) => form.setError('root', refusal(failure)) },
    );
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Edit user" description={user.email}>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
          <Field
            id="edit-full-name"
            label="Full name"
            error={errors.fullName?.message}
            {...form.register('fullName')}
          />
          <Controller
            control={form.control}
            name="subscriptionPlan"
            render={({ field }) => (
              <SelectField
                id="edit-plan"
                label="Plan"
                value={field.value ?? user.subscriptionPlan}
                onChange={field.onChange}
                options={plans}
              />
            )}
          />
          {admin ? (
            <AdminRole />
          ) : (
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <div className="flex flex-col gap-2">
                  <SelectField
                    id="edit-role"
                    label="Role"
                    value={field.value ?? role ?? 'user'}
                    onChange={field.onChange}
                    options={roles}
                  />
                  <p className="text-xs text-muted-foreground">
                    Analysts answer Premium members’ questions in the Analyst Inbox.
                  </p>
                </div>
              )}
            />
          )}
          <Button type="submit" disabled={update.isPending} className="self-end">
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Blocking asks for a reason; unblocking just confirms. */
export function BlockUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const update = useUpdateUser();
  const blocking = !user.blocked;
  const form = useSchemaForm(
    adminUserUpdateSchema,
    blocking ? { blocked: true, reason: '' } : { blocked: false },
  );
  const { errors } = form.formState;
  const submit = form.handleSubmit((change) =>
    update.mutate(
      { userId: user.userId, change },
      { onSuccess: onClose, onError: (failure) => form.setError('root', refusal(failure)) },
    ),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={blocking ? 'Block user' : 'Unblock user'}
        description={
          blocking
            ? `${user.email} will be signed out everywhere and cannot sign in until unblocked.`
            : `${user.email} will be able to sign in again.`
        }
      >
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
          {blocking && (
            <Field
              id="block-reason"
              label="Reason"
              error={errors.reason?.message}
              {...form.register('reason')}
            />
          )}
          <Button
            type="submit"
            variant={blocking ? 'destructive' : 'default'}
            disabled={update.isPending}
            className="self-end"
          >
            {blocking ? 'Block User' : 'Unblock User'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
