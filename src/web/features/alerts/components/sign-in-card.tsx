import { Link } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';

/** Asks a visitor who is signed out to sign in before setting alerts. */
export function AlertsSignInCard() {
  return (
    <Card className="border-primary/40">
      <CardContent className="flex flex-wrap items-center justify-between gap-4 pt-6">
        <p>Sign in to set alerts and get notified.</p>
        <Button asChild>
          <Link to="/auth">Sign In</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
