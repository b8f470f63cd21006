import { toast as sonnerToast } from 'sonner';
import { describe, expect, it } from 'vitest';
import { toast, toasterDemand } from './toast';

const shown = () =>
  sonnerToast
    .getHistory()
    .map((item) => [('type' in item && item.type) || 'default', 'title' in item ? item.title : null]);
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('toasts loaded on first use', () => {
  it('asks for the toaster on the first toast, holds toasts until it listens, then shows them in order', async () => {
    let asked = 0;
    const unsubscribe = toasterDemand.subscribe(() => (asked += 1));
    expect(toasterDemand.wanted()).toBe(false);

    toast.success('Saved');
    toast.error('Could not save', { description: 'Try again' });
    toast('Opening Checkout');
    expect(toasterDemand.wanted()).toBe(true);
    expect(asked).toBe(1);
    await settle();
    expect(shown()).toEqual([]);

    toasterDemand.ready();
    await settle();
    expect(shown()).toEqual([
      ['success', 'Saved'],
      ['error', 'Could not save'],
      ['default', 'Opening Checkout'],
    ]);
    toast.success('Later');
    await settle();
    expect(shown().at(-1)).toEqual(['success', 'Later']);
    expect(asked).toBe(1);
    unsubscribe();
  });
});
