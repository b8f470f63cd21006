import { useEffect, useState } from 'react';

/**
 * Whether `deadline` (an ISO time) is still ahead: true until it passes, then false without a reload
 * (the Edit button leaves when the 15 minutes are up). Null: never.
 */
export function useBefore(deadline: string | null): boolean {
  const [passed, setPassed] = useState<string | null>(null);
  useEffect(() => {
    if (deadline === null) return;
    const timer = setTimeout(() => setPassed(deadline), Math.max(0, Date.parse(deadline) - Date.now()));
    return () => clearTimeout(timer);
  }, [deadline]);
  return deadline !== null && passed !== deadline;
}
