import { ConfirmDialog } from '@/web/components/ui/alert-dialog';

export function SignOutDialog(props: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onConfirm(): void;
}) {
  return (
    <ConfirmDialog
      {...props}
      title="Sign out?"
      description="You will need to sign in again to see your dashboard, alerts and settings."
      confirmLabel="Sign Out"
    />
  );
}
