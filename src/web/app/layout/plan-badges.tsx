import { Crown, Shield } from 'lucide-react';

/** A crown marks premium users and a shield marks admins. */
export function PlanBadges({ isPremium, isAdmin }: { isPremium: boolean; isAdmin: boolean }) {
  return (
    <>
      {isPremium && <Crown className="size-4 text-premium" aria-label="Premium member" role="img" />}
      {isAdmin && <Shield className="size-4 text-primary" aria-label="Administrator" role="img" />}
    </>
  );
}

/** The name shown for a member in the header menus. */
export function displayName(fullName: string | null | undefined): string {
  return fullName?.trim() || 'User';
}
