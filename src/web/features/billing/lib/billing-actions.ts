import { useState } from 'react';
import { toast } from '@/web/lib/toast';
import { ApiError } from '@/web/lib/api-client';
import { createCheckout, createPortal } from '../api/billing';
import { openInNewTab } from './open-in-new-tab';

const authRequired = () =>
  toast.error('Authentication Required', { description: 'Please sign in to upgrade to Premium.' });

/** The text of a checkout or portal failure toast: a refusal from the server explains itself. */
function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status === 409 ? error.message : fallback;
}

/** 'Upgrade to Premium': opens checkout in a new tab; 'Opening Checkout...' while it opens. */
export function useCheckout(signedIn: boolean) {
  const [opening, setOpening] = useState(false);
  const start = async () => {
    if (!signedIn) return authRequired();
    setOpening(true);
    toast('Opening Checkout');
    try {
      await openInNewTab(async () => (await createCheckout()).url, 'Opening Checkout');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) authRequired();
      else
        toast.error('Checkout Error', {
          description: failureText(error, 'Failed to create checkout session. Please try again.'),
        });
    } finally {
      setOpening(false);
    }
  };
  return { opening, start };
}

/** 'Manage Subscription' / 'View Invoices': the billing portal in a new tab. */
export function usePortal(signedIn: boolean) {
  const [opening, setOpening] = useState(false);
  const open = async () => {
    if (!signedIn) return authRequired();
    setOpening(true);
    toast('Opening Billing Portal');
    try {
      await openInNewTab(async () => (await createPortal()).url, 'Opening Billing Portal');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) authRequired();
      else
        toast.error('Portal Error', {
          description: failureText(error, 'Failed to open billing portal. Please try again.'),
        });
    } finally {
      setOpening(false);
    }
  };
  return { opening, open };
}
