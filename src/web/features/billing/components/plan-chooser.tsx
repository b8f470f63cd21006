import { Link } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { useCheckout } from '../lib/billing-actions';
import { FreePlanAction, PlanCards } from './plan-cards';

/** /membership for visitors and free members: the two plans and what each button does. */
export function PlanChooser({ signedIn }: { signedIn: boolean }) {
  const checkout = useCheckout(signedIn);
  return (
    <div data-testid="plan-chooser">
      <PlanCards
        heading="h2"
        freeAction={<FreePlanAction signedIn={signedIn} />}
        premiumAction={
          signedIn ? (
            <Button variant="premium" disabled={checkout.opening} onClick={() => void checkout.start()}>
              {checkout.opening ? 'Opening Checkout...' : 'Upgrade to Premium'}
            </Button>
          ) : (
            <Button asChild variant="premium">
              <Link to="/auth">Sign Up for Premium</Link>
            </Button>
          )
        }
      />
    </div>
  );
}
