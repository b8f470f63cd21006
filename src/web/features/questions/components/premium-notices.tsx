import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { questionMessages } from '@/domain/questions/questions.schema';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';

function UpgradeButton() {
  return (
    <Button asChild variant="premium" className="self-start">
      <Link to="/membership">Upgrade to Premium</Link>
    </Button>
  );
}

/** A member who never had Premium (and so has no questions): what they would get. */
export function PremiumUpsell({ responseTime }: { responseTime: string }) {
  return (
    <Card className="border-premium/50" data-testid="questions-upsell">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Crown className="size-5 shrink-0 text-premium" aria-hidden="true" />
          Direct analyst access is part of Premium
        </CardTitle>
        <CardDescription>
          Premium members ask our analysts private questions about the market, regulation, the XRP Ledger or
          their portfolio, and get an answer {responseTime}.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col">
        <UpgradeButton />
      </CardContent>
    </Card>
  );
}

/** A member without Premium who has asked before (they downgraded): they read, but do not ask. */
export function CannotAskNotice({ reason }: { reason: string | null }) {
  return (
    <Card className="border-premium/50">
      <CardContent className="flex flex-col gap-3 pt-6">
        <p>{reason ?? questionMessages.premium}</p>
        <p className="text-sm text-muted-foreground">
          Your questions and the analysts’ answers stay here for you to read.
        </p>
        <UpgradeButton />
      </CardContent>
    </Card>
  );
}
